/** `./parcel`: single-spa lifecycles of this remote's standalone root (createParcel, @vouch/shell-sdk/parcel). */
import { createParcel } from '@vouch/shell-sdk/parcel';
import { routes } from './routes';

export const { bootstrap, mount, unmount, update } = createParcel('mf_vouches', routes);
