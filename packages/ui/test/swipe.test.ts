import { isSwipeDismiss, swipeOffset, SWIPE_DISMISS_PX } from '../src/swipe';

describe('toast swipe to dismiss', () => {
  it('dismisses once the toast is dragged 50 px to the right', () => {
    expect(SWIPE_DISMISS_PX).toBe(50);
    expect(isSwipeDismiss(49)).toBe(false);
    expect(isSwipeDismiss(50)).toBe(true);
    expect(isSwipeDismiss(120)).toBe(true);
  });

  it('ignores leftward drags instead of moving the toast off its edge', () => {
    expect(swipeOffset(200, 150)).toBe(0);
    expect(swipeOffset(200, 230)).toBe(30);
  });
});
