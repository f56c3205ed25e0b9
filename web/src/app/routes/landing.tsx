import { PlainLayout } from "@/components/layout/plain-layout";
import { LandingPage } from "@/features/landing/components/landing-page";

export function LandingRoute() {
  return (
    <PlainLayout>
      <LandingPage />
    </PlainLayout>
  );
}
