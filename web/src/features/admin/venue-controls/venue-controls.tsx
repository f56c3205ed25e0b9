import type { AdminVenue } from "../api/venues";
import { VenueOpsPanel } from "../venue-ops/venue-ops-panel";

export interface VenueControlsProps {
  scheme: string;
  venue: AdminVenue;
}

/**
 * The venue's own controls on the board (busy mode, pause, auto-accept,
 * auto-print, sold-out toggles, docs/architecture.md §9), mounted in the board's
 * toolbar; they live in ../venue-ops.
 */
export function VenueControls({ scheme, venue }: VenueControlsProps) {
  return <VenueOpsPanel key={venue.venue_slug} scheme={scheme} venue={venue} />;
}
