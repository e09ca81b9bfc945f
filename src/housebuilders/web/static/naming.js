// How the pages name a seat, the same everywhere: a person's name with the seat, or
// the seat alone ("Ada (seat 0)", "Seat 1").
export function seatName(info, seat) {
  return info && info.name ? `${info.name} (seat ${seat})` : `Seat ${seat}`;
}
