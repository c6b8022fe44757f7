import { describe, expect, it } from 'vitest';
import { isOwnPage } from './own-page';

const here = { origin: 'http://127.0.0.1:8080', pathname: '/workflows/w1/executions/e1' };

describe('isOwnPage', () => {
  it('recognizes a link to this very page', () => {
    expect(isOwnPage('http://127.0.0.1:8080/workflows/w1/executions/e1', here)).toBe(true);
    expect(isOwnPage('http://127.0.0.1:8080/workflows/w1/executions/e1/', here)).toBe(true);
  });
  it('keeps links to another host or another page', () => {
    expect(isOwnPage('https://app.example.com/workflows/w1/executions/e1', here)).toBe(false);
    expect(isOwnPage('http://127.0.0.1:8080/workflows/w1', here)).toBe(false);
    expect(isOwnPage(undefined, here)).toBe(false);
  });
});
