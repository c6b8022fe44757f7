import { describe, expect, it } from 'vitest';
import { embedUrl } from './inline-url';

const origin = 'http://localhost:3000';

describe('embedUrl', () => {
  it('asks the local service for inline disposition on same-origin links', () => {
    expect(embedUrl('http://localhost:3000/files/abc/report.pdf?sig=x', origin)).toBe(
      'http://localhost:3000/files/abc/report.pdf?sig=x&inline=1',
    );
  });

  it('asks for inline on the local service /files/ path even from another origin (dev server)', () => {
    expect(embedUrl('http://127.0.0.1:8787/files/abc/r.pdf?sig=x', 'http://localhost:5173')).toBe(
      'http://127.0.0.1:8787/files/abc/r.pdf?sig=x&inline=1',
    );
  });

  it('leaves other hosts presigned links untouched so their signature stays valid', () => {
    const s3 = 'https://bucket.s3.amazonaws.com/r.pdf?X-Amz-Signature=abc';
    expect(embedUrl(s3, origin)).toBe(s3);
  });

  it('does not add the flag twice', () => {
    expect(embedUrl('/files/a.pdf?inline=1', origin)).toBe('http://localhost:3000/files/a.pdf?inline=1');
  });

  it('returns an unparsable url as it is', () => {
    expect(embedUrl('http://[bad', origin)).toBe('http://[bad');
  });
});
