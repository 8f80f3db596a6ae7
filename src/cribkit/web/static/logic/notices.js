// The table's notices in the game log, without the DOM: each goes where it was said, after the
// game events that came before it (the server's `after`), however the log was rebuilt (a
// reconnect sends every event and every notice again: they are not piled at the end).

/** The key that tells one notice from another (the same line heard twice is one notice). */
function noticeKey(line) {
  return `${line.time}\u0000${line.after}\u0000${line.text}`;
}

/**
 * The notices known after `lines` of a talk message: `known` and the new notices of `lines`
 * (chat lines are left out), each once, in the order they were said.
 */
export function keepNotices(known, lines) {
  const kept = new Map((known || []).map((line) => [noticeKey(line), line]));
  for (const line of lines || []) {
    if (line && line.kind === "notice") kept.set(noticeKey(line), line);
  }
  return [...kept.values()];
}

/**
 * The log's lines: the game `events` with the `notices` set among them, each after the first
 * `after` events of the game (a notice from a server that says no place, or a place beyond the
 * events known yet, follows them all). Notices in the events already are dropped: the log
 * holds each once.
 */
export function placeNotices(events, notices) {
  const game = (events || []).filter((event) => event.type !== "notice");
  const placed = (notices || []).map((line, order) => ({
    at: typeof line.after === "number" && line.after >= 0 ? Math.min(line.after, game.length) : game.length,
    order,
    event: { type: "notice", text: String(line.text || "") },
  }));
  placed.sort((a, b) => a.at - b.at || a.order - b.order);
  const log = [];
  let next = 0;
  game.forEach((event, index) => {
    while (next < placed.length && placed[next].at <= index) log.push(placed[next++].event);
    log.push(event);
  });
  while (next < placed.length) log.push(placed[next++].event);
  return log;
}
