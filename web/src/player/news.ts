// What a screen reader is told about the player itself, beside each step's sentence: that it
// paused, and where (the sentence is silent while playing, so a pause would otherwise say
// nothing), and that its speed changed (+ and − change it from the keyboard).
import { useEffect, useRef, useState } from 'react';
import { SPEEDS, type Player } from './usePlayer';

/** The latest news of `player`, for a polite live region; `sentence` is the step's, read after a pause. */
export function usePlayerNews(player: Player, sentence: string): string {
  const [news, setNews] = useState('');
  const was = useRef({ playing: player.playing, speed: player.speed });
  useEffect(() => {
    const w = was.current;
    if (w.playing && !player.playing && player.step < player.length) setNews(`Paused at step ${player.step} of ${player.length}: ${sentence}`);
    else if (w.speed !== player.speed) setNews(`Speed: ${SPEEDS[player.speed]} steps a second.`);
    was.current = { playing: player.playing, speed: player.speed };
  }, [player.playing, player.speed, player.step, player.length, sentence]);
  return news;
}
