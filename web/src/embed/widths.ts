// Column widths embeds are measured at (heights depend on them: a view wraps to its column).
// Free of imports: the build reads it through catalog/routes.ts.

/** The width an oEmbed consumer is offered, and the column heights are quoted for unless the author gives another. */
export const OEMBED_WIDTH = 860;

/**
 * The column widths each measured view's height is known at: the narrowest column the share
 * dialog measures for (so an oEmbed consumer's maxwidth down to it is kept to), a phone, a docs
 * column, oEmbed's, a wide page.
 */
export const MEASURED_WIDTHS = [240, 390, 720, 860, 1280] as const;
