// Reading an /embeddings answer: OpenAI's wire shape in both encodings, in the inputs' order, and every
// malformed answer refused as the provider's invalid response (never a vector of NaN in the index).
import { describe, expect, it } from 'vitest';
import { embeddingsOf, ProviderError } from './provider';

const base64 = (numbers: number[]) => Buffer.from(new Float32Array(numbers).buffer).toString('base64');

describe('embeddingsOf', () => {
  it('reads numbers and base64 float32 alike, in the order of the inputs', () => {
    const listed = embeddingsOf(
      {
        data: [
          { index: 1, embedding: [0.5, -1] },
          { index: 0, embedding: [2, 0.25] },
        ],
      },
      2,
    );
    const encoded = embeddingsOf(
      {
        data: [
          { index: 1, embedding: base64([0.5, -1]) },
          { index: 0, embedding: base64([2, 0.25]) },
        ],
      },
      2,
    );
    expect(listed.map((v) => [...v])).toEqual([
      [2, 0.25],
      [0.5, -1],
    ]);
    expect(encoded).toEqual(listed);
  });

  it.each([
    ['no data', {}, 'invalid_response'],
    ['an empty list', { data: [] }, 'empty'],
    ['too few', { data: [{ index: 0, embedding: [1] }] }, 'invalid_response'],
    [
      'a repeated index',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [1] },
        ],
      },
      'invalid_response',
    ],
    ['text in the numbers', { data: [{ embedding: [1] }, { embedding: ['x'] }] }, 'invalid_response'],
    ['bytes that are no float32', { data: [{ embedding: [1] }, { embedding: 'AAA=' }] }, 'invalid_response'],
    ['lengths that differ', { data: [{ embedding: [1] }, { embedding: [1, 2] }] }, 'invalid_response'],
  ])('refuses %s', (_name, body, kind) => {
    expect(() => embeddingsOf(body, 2)).toThrow(ProviderError);
    try {
      embeddingsOf(body, 2);
    } catch (error) {
      expect((error as ProviderError).kind).toBe(kind);
    }
  });
});
