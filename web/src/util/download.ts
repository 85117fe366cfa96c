/**
 * A file name made safe from parts a user chose (a seed from a shared link can hold slashes,
 * dots or a thousand characters): anything but letters, digits, `.`, `_` and `-` becomes `_`.
 */
export function fileName(base: string, extension: string): string {
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100) || 'hotpath';
  return `${safe}.${extension}`;
}

/** Saves `data` as a file the browser downloads (exports need no server). */
export function download(name: string, data: string | Blob, type: string): void {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type }) : data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
