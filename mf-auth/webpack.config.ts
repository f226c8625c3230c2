import { createWebpackConfig } from '@vouch/mf-config';

// Exposes are the contract with the shell (docs/architecture.md "Remotes and what they expose").
export default createWebpackConfig({
  name: 'mf_auth',
  dir: __dirname,
  title: 'Vouch · Sign in',
  devPort: 3011,
  exposes: {
    "./routes": "./src/routes.tsx",
    "./parcel": "./src/parcel.tsx",
    "./PhoneVerificationDialog": "./src/slots/phone-verification-dialog.tsx"
  },
});
