// The retrieval evaluation's questions (issue 34, item 6), each with the notes of set-notes.ts that answer
// it: paraphrases that share no content word with their note (only meaning can find it; set.test.ts checks
// it word by word), lexical questions typed as a search box is (their words are the note's), and questions
// the notes cannot answer. The paraphrases use words the fake provider's thesaurus knows as synonyms of the
// note's (test/kit/fake-embeddings.ts), so that CI exercises the meaning path; a real model needs no help.

export type QuestionKind = 'paraphrase' | 'lexical' | 'unanswerable';

export interface SetQuestion {
  id: string;
  kind: QuestionKind;
  text: string;
  /** Ids of the notes (set-notes.ts) that answer it; empty for an unanswerable question. */
  targets: readonly string[];
}

const paraphrase = (id: string, text: string, target: string): SetQuestion => ({
  id,
  kind: 'paraphrase',
  text,
  targets: [target],
});
const lexical = (id: string, text: string, target: string): SetQuestion => ({
  id,
  kind: 'lexical',
  text,
  targets: [target],
});
const unanswerable = (id: string, text: string): SetQuestion => ({ id, kind: 'unanswerable', text, targets: [] });

export const RETRIEVAL_QUESTIONS: readonly SetQuestion[] = [
  paraphrase('p-podcast', 'How much money is the podcast going to cost?', 'podcast-budget'),
  paraphrase('p-dentist', 'When is my orthodontist appointment?', 'dentist'),
  paraphrase('p-car', 'When is the car getting fixed?', 'car-brakes'),
  paraphrase('p-allotment', 'Where does everything go in the vegetable plot?', 'allotment'),
  paraphrase('p-flights', 'What time does our plane take off?', 'lisbon-flights'),
  paraphrase('p-wedding', 'What are we giving the bride and groom?', 'wedding-present'),
  paraphrase('p-rent', 'How much is the apartment lease going to be?', 'flat-rent'),
  paraphrase('p-vet', 'When does the puppy see the veterinarian?', 'dog-vet'),
  paraphrase('p-salary', 'When will I know whether my income goes up?', 'salary-review'),
  paraphrase('p-sleep', 'What were my rules against insomnia and caffeine?', 'sleep-rules'),
  paraphrase('p-laptop', 'Which computer am I going to get?', 'laptop'),
  paraphrase('p-spanish', 'When is my language course?', 'spanish-classes'),
  paraphrase('p-boiler', 'When is someone repairing the heating?', 'boiler'),
  paraphrase('p-mum', "Where is my mother's birthday celebration?", 'mum-70th'),
  paraphrase('p-marathon', 'How many kilometres should my longest run be?', 'half-marathon'),
  paraphrase('p-tax', 'What is the HMRC cutoff date?', 'tax-return'),
  paraphrase('p-book-club', 'Which novel is our literary circle on?', 'book-club'),
  paraphrase('p-wifi', 'What is the password for the wifi?', 'broadband'),
  paraphrase('p-therapy', 'When do I see my therapist?', 'counselling'),
  paraphrase('p-nursery', 'When does the nursery finish for my son?', 'school-run'),
  paraphrase('p-movers', 'When are the movers coming to the new house?', 'moving-day'),
  paraphrase('p-insurance', 'When does the vehicle insurance expire?', 'motor-cover'),
  paraphrase('p-hike', 'Which mountain trail did we plan to walk?', 'catbells'),
  paraphrase('p-haircut', 'When is my next haircut?', 'barber'),
  paraphrase('p-pension', 'How much should I put into my investment portfolio?', 'pension'),
  paraphrase('p-guests', 'When are the visitors coming to our apartment?', 'houseguests'),
  paraphrase('p-electricity', 'When does the new electricity bill start?', 'energy-switch'),
  paraphrase('p-powerpoint', 'When must the powerpoint be ready?', 'quarterly-deck'),
  paraphrase('p-recruiter', 'When do I talk to the recruiter again?', 'northwind-interview'),
  paraphrase('p-nutrition', 'What nutrition goals did I set?', 'eating-plan'),
  paraphrase('p-cat', 'What does our new cat need?', 'kitten'),
  paraphrase('p-advertising', 'When does the advertising release?', 'spring-campaign'),
  paraphrase('p-concert', 'Which day is the concert?', 'gig-tickets'),

  lexical('l-passport', 'passport renewal form', 'passport'),
  lexical('l-bins', 'recycling bin collection', 'bins'),
  lexical('l-sourdough', 'feed sourdough starter', 'sourdough'),
  lexical('l-gym', 'cancel gym membership', 'gym-membership'),
  lexical('l-bike', 'bike lock combination', 'bike-lock'),
  lexical('l-permit', 'renew parking permit', 'parking-permit'),
  lexical('l-cake', 'grandma lemon cake', 'lemon-cake'),
  lexical('l-council', 'council tax band', 'council-tax'),
  lexical('l-patel', 'dentist Patel', 'dentist'),
  lexical('l-router', 'router login', 'broadband'),

  unanswerable('u-godmother', 'Who is the godmother of the twins?'),
  unanswerable('u-ski', 'Which size are my ski boots?'),
  unanswerable('u-parrot', "What is the name of my great-aunt's parrot?"),
  unanswerable('u-violin', "When is my cousin's violin recital?"),
  unanswerable('u-lipstick', 'What lipstick shade did I like?'),
  unanswerable('u-kayak', 'Which kayak brand did Jasmine recommend?'),
  unanswerable('u-vicar', 'What is the name of the vicar?'),
  unanswerable('u-lawnmower', 'What is the serial number of the lawnmower?'),
  unanswerable('u-tortoise', 'How old is the tortoise?'),
  unanswerable('u-grout', 'Which grout colour did the tiler suggest?'),
];
