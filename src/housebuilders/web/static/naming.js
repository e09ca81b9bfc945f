// How the pages name a seat, the same everywhere: a person's name with the seat, or
// the seat alone ("Ada (seat 0)", "Seat 1").
export function seatName(info, seat) {
  return info && info.name ? `${info.name} (seat ${seat})` : `Seat ${seat}`;
}

// The games' own texts say "player 2": the pages name seats one way everywhere.
export function withSeatNames(text, seats) {
  return text.replace(/\b[Pp]layer (\d+)\b/g, (words, n) =>
    Number(n) < seats.length ? seatName(seats[Number(n)], Number(n)) : words,
  );
}
