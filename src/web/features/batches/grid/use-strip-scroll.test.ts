import { describe, expect, it } from 'vitest';
import { stripFollower } from './use-strip-scroll';

describe('strips scrolled sideways as one', () => {
  const strips = () => {
    const all = [{ scrollLeft: 0 }, { scrollLeft: 0 }, { scrollLeft: 0 }];
    return { all, sync: stripFollower(() => all) };
  };

  it('moves every other strip to where one was scrolled, and a row that appears starts there too', () => {
    const { all, sync } = strips();
    all[0]!.scrollLeft = 120;
    sync.follow(all[0]!);
    expect(all.map((s) => s.scrollLeft)).toEqual([120, 120, 120]);
    const appeared = { scrollLeft: 0 };
    sync.place(appeared);
    expect(appeared.scrollLeft).toBe(120);
  });

  it('keeps a focused cell in view when the echo of the previous move arrives after the next move', () => {
    const { all, sync } = strips();
    const [focused, other, head] = all as [{ scrollLeft: number }, { scrollLeft: number }, { scrollLeft: number }];
    // Tab: the focused row's strip scrolls to the next cell, and the others follow.
    focused.scrollLeft = 180;
    sync.follow(focused);
    // Tab again before the others' scroll events have fired: the focused strip moves on.
    focused.scrollLeft = 360;
    // Then the browser delivers the queued events: the others' echoes of 180 first, the new move last.
    sync.follow(other);
    sync.follow(head);
    sync.follow(focused);
    expect(all.map((s) => s.scrollLeft)).toEqual([360, 360, 360]);
  });

  it('follows a later move of a strip that could not move when the others did', () => {
    // A strip clamped at 0 (narrower content) takes no part of a move to 120, so it fires no echo.
    let clamped = 0;
    const stuck = {
      get scrollLeft() {
        return clamped;
      },
      set scrollLeft(_: number) {
        clamped = 0;
      },
    };
    const other = { scrollLeft: 0 };
    const sync = stripFollower(() => [other, stuck]);
    other.scrollLeft = 120;
    sync.follow(other);
    expect(stuck.scrollLeft).toBe(0);
    // The person scrolls back, then scrolls the clamped strip to where the others once went.
    other.scrollLeft = 0;
    sync.follow(other);
    clamped = 120;
    sync.follow(stuck);
    expect(other.scrollLeft).toBe(120);
  });

  it('follows a person who scrolls a strip that was just moved', () => {
    const { all, sync } = strips();
    all[0]!.scrollLeft = 100;
    sync.follow(all[0]!);
    // The second strip was set to 100, and the person scrolls it on to 40 before its event fires.
    all[1]!.scrollLeft = 40;
    sync.follow(all[1]!);
    expect(all.map((s) => s.scrollLeft)).toEqual([40, 40, 40]);
  });
});
