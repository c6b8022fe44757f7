import { describe, expect, it } from 'vitest';
import { sequenceMatcher } from './hotkeys';

describe('sequenceMatcher', () => {
  it('recognizes "g w" typed quickly', () => {
    const m = sequenceMatcher({ 'g w': 'workflows' });
    expect(m.push('g', 0)).toBeNull();
    expect(m.push('w', 300)).toBe('workflows');
  });
  it('ignores the pair when too slow or in the wrong order', () => {
    const m = sequenceMatcher({ 'g w': 'workflows' });
    m.push('g', 0);
    expect(m.push('w', 1500)).toBeNull();
    m.push('w', 2000);
    expect(m.push('g', 2100)).toBeNull();
  });
  it('does not fire twice from one g', () => {
    const m = sequenceMatcher({ 'g w': 'workflows' });
    m.push('g', 0);
    expect(m.push('w', 100)).toBe('workflows');
    expect(m.push('w', 200)).toBeNull();
  });
});
