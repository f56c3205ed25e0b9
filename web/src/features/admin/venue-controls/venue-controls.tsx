import type { AdminVenue } from "../api/venues";

export interface VenueControlsProps {
  scheme: string;
  venue: AdminVenue;
}

/**
 * The venue's own controls on the board (busy mode, pause, auto-accept,
 * sold-out toggles, DESIGN.md §9). The board mounts this in its toolbar; the
 * venue-operations work fills it in (this file and what it imports).
 */
export function VenueControls(props: VenueControlsProps) {
  void props;
  return null;
}
