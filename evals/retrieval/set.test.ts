// The retrieval evaluation's fixed set keeps the shape issue 34 asks of it: at least 300 notes and 50
// questions, at least 30 paraphrases sharing no content word with their note, at least 10 unanswerable.
import { describe, expect, it } from 'vitest';
import { contentStems } from '../../test/kit/fake-embeddings';
import { RETRIEVAL_NOTES } from './set-notes';
import { RETRIEVAL_QUESTIONS } from './set-questions';

const noteById = new Map(RETRIEVAL_NOTES.map((note) => [note.id, note]));
const ofKind = (kind: string) => RETRIEVAL_QUESTIONS.filter((q) => q.kind === kind);

describe('the retrieval set', () => {
  it('has at least 300 notes with distinct ids, each with a title and content', () => {
    expect(RETRIEVAL_NOTES.length).toBeGreaterThanOrEqual(300);
    expect(noteById.size).toBe(RETRIEVAL_NOTES.length);
    expect(new Set(RETRIEVAL_NOTES.map((n) => `${n.title}\n${n.content}`)).size).toBe(RETRIEVAL_NOTES.length);
    for (const note of RETRIEVAL_NOTES) expect(note.title.trim() && note.content.trim()).toBeTruthy();
  });

  it('has at least 50 questions: 30 paraphrases, some lexical ones, 10 the notes cannot answer', () => {
    expect(RETRIEVAL_QUESTIONS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(RETRIEVAL_QUESTIONS.map((q) => q.id)).size).toBe(RETRIEVAL_QUESTIONS.length);
    expect(ofKind('paraphrase').length).toBeGreaterThanOrEqual(30);
    expect(ofKind('lexical').length).toBeGreaterThanOrEqual(5);
    expect(ofKind('unanswerable').length).toBeGreaterThanOrEqual(10);
    for (const question of RETRIEVAL_QUESTIONS) {
      expect(question.targets.length === 0, question.id).toBe(question.kind === 'unanswerable');
      for (const target of question.targets) expect(noteById.has(target), `${question.id} -> ${target}`).toBe(true);
    }
  });

  it('words each paraphrase without a content word of its note', () => {
    for (const question of ofKind('paraphrase')) {
      const asked = new Set(contentStems(question.text));
      for (const target of question.targets) {
        const note = noteById.get(target)!;
        const shared = contentStems(`${note.title}\n${note.content}`).filter((word) => asked.has(word));
        expect(shared, `${question.id} shares words with ${target}`).toEqual([]);
      }
    }
  });

  it('words each lexical question with words of its note', () => {
    for (const question of ofKind('lexical')) {
      const note = noteById.get(question.targets[0]!)!;
      const words = new Set(contentStems(`${note.title}\n${note.content}`));
      expect(
        contentStems(question.text).filter((word) => !words.has(word)),
        question.id,
      ).toEqual([]);
    }
  });
});
