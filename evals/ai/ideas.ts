// The fixed set of ideas the assistant evaluation runs (issue 11): twenty ideas of the kinds people bring
// to Sprout, from vague to specific, each with the answers a user would give to the assistant's
// questions, in order. When the assistant asks more than there are answers, the user says so
// (OUT_OF_ANSWERS). Fixed, so runs against different models and prompts compare.

export interface EvalIdea {
  id: string;
  idea: string;
  answers: string[];
}

/** What the simulated user says once their prepared answers are used up. */
export const OUT_OF_ANSWERS = "I'm not sure about that; please make a sensible assumption.";

/** The chat turn asked about each plan (spec section 7: chatting about a note). */
export const CHAT_QUESTION = 'What is the one thing I should do first this week, and how long will it take?';

export const EVAL_IDEAS: readonly EvalIdea[] = [
  {
    id: 'half-marathon',
    idea: 'Run a half marathon',
    answers: [
      'I can run 5 km now, slowly.',
      'There is a race in my city on 12 October.',
      'I can train four mornings a week, about an hour each.',
    ],
  },
  {
    id: 'learn-spanish',
    idea: 'Learn Spanish',
    answers: [
      'I want to hold a basic conversation on a trip to Mexico next summer.',
      'I have 20 minutes a day on my commute.',
      'Complete beginner.',
    ],
  },
  {
    id: 'book-swap',
    idea: 'Start a neighbourhood book swap',
    answers: [
      'About 200 households on our street and the two next to it.',
      'Success is 20 swaps a month by June.',
      'The café on the corner offered a shelf.',
    ],
  },
  {
    id: 'save-deposit',
    idea: 'Save for a house deposit',
    answers: [
      'I need 30,000 in three years.',
      'I can put aside about 600 a month today.',
      'My biggest costs are rent and eating out.',
    ],
  },
  {
    id: 'podcast',
    idea: 'Launch a podcast about local history',
    answers: [
      'Interviews with older residents, 30 minutes an episode.',
      'I have a laptop and a USB microphone.',
      'One episode every two weeks, starting in March.',
    ],
  },
  {
    id: 'vegetable-garden',
    idea: 'Grow my own vegetables',
    answers: [
      'A small back garden, about 4 by 6 metres, sunny in the afternoon.',
      'Tomatoes, beans and salad.',
      'I have never grown anything.',
    ],
  },
  {
    id: 'side-business',
    idea: 'Sell handmade candles online',
    answers: [
      'I make about ten a week as a hobby already.',
      'I want the first 50 sales within four months.',
      'A budget of 500 for materials and a shop.',
    ],
  },
  {
    id: 'declutter',
    idea: 'Declutter the flat',
    answers: [
      'Two bedrooms, the spare room is the worst.',
      'Done before my parents visit on the 1st of next month.',
      'Weekends only.',
    ],
  },
  {
    id: 'career-change',
    idea: 'Move from teaching into UX design',
    answers: [
      'I have taught maths for eight years.',
      'I would like a junior role within a year.',
      'Evenings, about 8 hours a week.',
    ],
  },
  {
    id: 'cookbook',
    idea: 'Write a family cookbook',
    answers: [
      'Recipes from my grandmother, about 40 of them.',
      'A printed copy for everyone by Christmas.',
      'My sister can take the photos.',
    ],
  },
  {
    id: 'sleep',
    idea: 'Sleep better',
    answers: [
      'I fall asleep around 1am and wake at 7.',
      'I look at my phone in bed.',
      'I want to be asleep by 11 on weeknights within a month.',
    ],
  },
  {
    id: 'community-cleanup',
    idea: 'Organise a beach clean-up',
    answers: [
      'The beach near our town, about 2 km long.',
      'I want 30 volunteers on a Saturday in May.',
      'The council can lend bags and pickers.',
    ],
  },
  {
    id: 'learn-guitar',
    idea: 'Play guitar at my friend’s wedding',
    answers: [
      'The wedding is in five months.',
      'I know a few chords.',
      'One song: the first dance, an acoustic version.',
    ],
  },
  {
    id: 'mobile-app',
    idea: 'Build a habit-tracking app',
    answers: [
      'For myself first, then maybe the app stores.',
      'I know some JavaScript.',
      'A working version on my phone in eight weeks.',
    ],
  },
  {
    id: 'fitness',
    idea: 'Get fit',
    answers: [
      'I sit at a desk all day and get out of breath on stairs.',
      'I can do 30 minutes, three times a week.',
      'I would like to do ten push-ups in a row by summer.',
    ],
  },
  {
    id: 'newsletter',
    idea: 'Start a newsletter about indie games',
    answers: [
      'Weekly, short reviews and one interview a month.',
      'I want 1,000 subscribers in a year.',
      'I already post reviews on a forum.',
    ],
  },
  {
    id: 'reading',
    idea: 'Read more books',
    answers: [
      'I read about two books a year now.',
      'I want 24 this year.',
      'Mostly novels; I lose focus with non-fiction.',
    ],
  },
  {
    id: 'volunteer',
    idea: 'Volunteer at an animal shelter',
    answers: [
      'There is one 15 minutes away by bus.',
      'I am free on Sunday mornings.',
      'I would like to start within a month.',
    ],
  },
  {
    id: 'wedding-budget',
    idea: 'Plan a small wedding',
    answers: [
      'About 40 guests, next September.',
      'A budget of 8,000.',
      'We would like it outdoors, near my partner’s family.',
    ],
  },
  {
    id: 'meal-prep',
    idea: 'Cook at home instead of ordering takeaway',
    answers: [
      'I order takeaway about five times a week.',
      'I can cook pasta and eggs.',
      'I want to cut it to once a week within six weeks.',
    ],
  },
];
