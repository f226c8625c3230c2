import { createWebpackConfig } from '@vouch/mf-config';

// Exposes are the contract with the shell (docs/architecture.md "Remotes and what they expose").
export default createWebpackConfig({
  name: 'mf_network',
  dir: __dirname,
  title: 'Vouch · Network',
  devPort: 3013,
  exposes: {
    "./routes": "./src/routes.tsx",
    "./parcel": "./src/parcel.tsx",
    "./NetworkMap": "./src/slots/network-map.tsx",
    "./OnboardingMap": "./src/slots/onboarding-map.tsx"
  },
});
