/**
 * The menu icons of the account items (sessions and devices, the data rights), drawn like @vouch/ui's icons (24×24, 2 px
 * strokes in currentColor, decorative), kept here because only this menu uses them.
 */
import type { ReactNode } from 'react';

function MenuIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const DownloadIcon = () => (
  <MenuIcon>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="M7 10l5 5 5-5" />
    <path d="M12 15V3" />
  </MenuIcon>
);

/** A laptop and a phone: the browsers and apps signed in to the account. */
export const DevicesIcon = () => (
  <MenuIcon>
    <rect x="2" y="4" width="14" height="10" rx="1" />
    <path d="M1 18h16" />
    <rect x="18" y="8" width="5" height="12" rx="1" />
  </MenuIcon>
);

export const TrashIcon = () => (
  <MenuIcon>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
  </MenuIcon>
);
