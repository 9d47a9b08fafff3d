/**
 * The longest text `render(room)` makes that fits in `maxChars`, where `room` is what the render
 * may keep of the output and the rest of its text is a marker whose length depends on the counts
 * in it. Starts at `maxChars - markerLength` and moves `room` by what was over or under, a few
 * times at most; a render that never fits gives `render(0)`.
 */
export function fitWithMarker(render: (room: number) => string, maxChars: number, markerLength: number): string {
  let best: string | undefined;
  let room = maxChars - markerLength;
  for (let attempt = 0; attempt < 10 && room >= 0; attempt++) {
    const text = render(room);
    if (text.length === maxChars) return text;
    if (text.length < maxChars) {
      if (best !== undefined && text.length <= best.length) break;
      best = text;
      room += maxChars - text.length;
    } else {
      room -= text.length - maxChars;
    }
  }
  return best ?? render(0);
}
