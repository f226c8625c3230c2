/**
 * `./OnboardingMap` (dashboard slot): "Build Your Professional Network", the 15 mentor / peer /
 * mentee slots. Props (docs/architecture.md "Slot props"): `{ onOpenCreateVouch?: () => void }`
 * — when given, an open slot's dialog offers "Create a Vouch", which closes the dialog and calls it.
 */
import { OnboardingMap, type OnboardingMapProps } from '../features/onboarding-map/components/onboarding-map';

export type { OnboardingMapProps };

export default function OnboardingMapSlot(props: OnboardingMapProps) {
  return <OnboardingMap {...props} />;
}
