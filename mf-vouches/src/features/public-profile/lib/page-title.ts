/** The public profile's document title, kept equal to the server's <title> for the same page. */
import { useEffect } from 'react';

/** "{Name} | Vouch", as the server's <title> for the same page. */
export const profilePageTitle = (name: string | null): string => (name ? `${name} | Vouch` : 'Profile Not Found | Vouch');

/** Sets the document title while the page shows, and puts the previous one back after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
