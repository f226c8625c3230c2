// A complete production configuration (docs/security.md) with stand-in values: nothing here is
// ever called (no code is sent, nothing is sold), but a production-mode gateway starts with it.
export const COMPLETE_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://vouch.example',
  OTP_SECRET: '3f9c1a7be24d58f06c93ab1e7d2f4c8a9b0e6d13f5a7c29e8b4d61f0a3c7e952',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'stand-in-token',
  TWILIO_VERIFY_SERVICE_SID: 'VA00000000000000000000000000000000',
  // Texts to members (issue 40) go through a Messaging Service (or TEXTS=off says there are none).
  TWILIO_MESSAGING_SERVICE_SID: 'MG00000000000000000000000000000000',
  STRIPE_SECRET_KEY: 'sk_test_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_stand_in',
  STRIPE_PRICE_PREMIUM: 'price_premium_stand_in',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise_stand_in',
  // Push is a decision: these stand-ins deliver nothing, so push is off (FCM_* / VAPID_* would turn it on).
  PUSH: 'off',
} as const;

/** Every variable of the complete configuration, unset (spread last over process.env). */
export const NO_PRODUCTION_SETTINGS = Object.fromEntries(Object.keys(COMPLETE_PRODUCTION_ENV).map((name) => [name, ''])) as Record<keyof typeof COMPLETE_PRODUCTION_ENV, string>;
