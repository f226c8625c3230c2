/** `./parcel`: single-spa lifecycles of this remote's standalone root (createParcel, @vouch/shell-sdk/parcel). */
import { createParcel } from '@vouch/shell-sdk/parcel';
import { routes } from './routes';
import { SlotsPreviewPage } from './slots/slots-preview-page';

/** The standalone page also shows the dashboard slots as a host renders them. */
export const { bootstrap, mount, unmount, update } = createParcel('mf_network', { ...routes, '/slots': SlotsPreviewPage });
