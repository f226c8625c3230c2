import introduce from '../../assets/slides/introduce.svg';
import search from '../../assets/slides/search.svg';
import socialCapital from '../../assets/slides/social-capital.svg';
import vouch from '../../assets/slides/vouch.svg';

/** SPEC "Landing page": four images, captions in this order, one every 2.5 s. */
export const SLIDE_INTERVAL_MS = 2500;

export const SLIDES = [
  { image: vouch, caption: 'Vouch for someone trustworthy' },
  { image: search, caption: 'Search your network for quality over quantity' },
  { image: introduce, caption: 'Be introduced to someone trustworthy' },
  { image: socialCapital, caption: 'Build social capital by making trusted connections' },
] as const;

export function nextSlide(index: number, count: number = SLIDES.length): number {
  return (index + 1) % count;
}
