// The shell is built without the ModuleFederationPlugin (packages/mf-config), so this boundary
// negotiates nothing: it keeps the page's first script tiny, so the app's bytes are requested
// only after the HTML's first screen has painted (a large script in the HTML is counted into
// the page's largest paint by Lighthouse's simulation: LCP 0.65 -> 1.7 s measured).
import('./bootstrap');
