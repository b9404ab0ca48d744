// The retrieval evaluation's notes (issue 34, item 6): the notes its questions are about, written by hand,
// then the everyday notes around them (set-everyday.ts). Fixed, so that runs compare: change them and the
// figures of earlier reports no longer apply.
import { everydayNotes } from './set-everyday';

export interface SetNote {
  /** A stable id within the set; each run writes the note under a new UUID. */
  id: string;
  title: string;
  content: string;
}

/** The notes the questions target (set-questions.ts): a question's answer is in one of these. */
export const TARGET_NOTES: readonly SetNote[] = [
  {
    id: 'podcast-budget',
    title: 'Audio show budget',
    content: '400 euros for the first season: microphone, editing software and hosting.',
  },
  {
    id: 'dentist',
    title: 'Dentist check-up',
    content: 'Tuesday 14 May at 9:30 with Dr Patel. Bring the insurance card.',
  },
  {
    id: 'car-brakes',
    title: 'Hatchback maintenance',
    content: 'The garage replaces the brakes on Friday morning, about 280 euros.',
  },
  {
    id: 'allotment',
    title: 'Allotment layout',
    content: 'Tomatoes along the south fence, beans by the shed, compost bin in the corner.',
  },
  {
    id: 'lisbon-flights',
    title: 'Lisbon flights',
    content: 'Outbound TP1351 leaves Gatwick 07:10 on the 3rd, back on the 10th at 18:40. Seats 14A and 14B.',
  },
  {
    id: 'wedding-present',
    title: "Present for Sam and Alex's wedding",
    content: 'Splitting a stand mixer with Jo, 90 each. Card from the stationer on Elm Road.',
  },
  {
    id: 'flat-rent',
    title: 'Flat rent',
    content: 'Landlord raises it to 1,150 a month from September; pay on the 1st by standing order.',
  },
  {
    id: 'dog-vet',
    title: 'Vet for the dog',
    content: 'Booster jab for Biscuit due on 2 June at the Mill Lane practice, 45 pounds.',
  },
  {
    id: 'salary-review',
    title: 'Salary review',
    content: 'Asked for 8% at the review; Dana will confirm in March.',
  },
  { id: 'sleep-rules', title: 'Sleep', content: 'Asleep by 23:00, no screens after 22:00, coffee only before noon.' },
  {
    id: 'laptop',
    title: 'New laptop',
    content: 'Shortlist: ThinkPad X1 or MacBook Air, budget 1,300, needs 16 GB of memory.',
  },
  {
    id: 'spanish-classes',
    title: 'Spanish classes',
    content: 'Tuesdays 19:00 at the community centre, teacher is Lucía, 12 lessons for 180.',
  },
  { id: 'boiler', title: 'Boiler', content: 'Engineer coming Thursday between 8 and 12 to fix the pressure valve.' },
  {
    id: 'mum-70th',
    title: "Mum's 70th",
    content: 'Party at the Red Lion on 12 October; reserve a table for 14 by the end of August.',
  },
  {
    id: 'half-marathon',
    title: 'Half marathon training',
    content: 'Long jog on Sundays, up to 18 km by week 10; race is 6 April in Bath.',
  },
  {
    id: 'tax-return',
    title: 'Tax return',
    content: 'Self assessment due 31 January; accountant needs the P60 and the receipts folder.',
  },
  { id: 'book-club', title: 'Book club', content: "Next one at Priya's, we're reading Piranesi, finish by the 20th." },
  { id: 'broadband', title: 'Broadband', content: 'Router login admin / pine-cactus-42; support line 0800 800 150.' },
  {
    id: 'counselling',
    title: 'Counselling',
    content: 'Thursdays 17:30 with Ruth, 6 sessions; she suggested the worry journal.',
  },
  {
    id: 'school-run',
    title: 'School pick-ups',
    content:
      "Mia's class starts 8:45; Ollie's kindergarten pick-up is at 15:00, Tom collects the children on Wednesdays.",
  },
  {
    id: 'moving-day',
    title: 'Moving day',
    content: 'Van hired for 7 July at 8:00; the removal men need the parking permit, boxes are in the garage.',
  },
  { id: 'motor-cover', title: 'Motor cover', content: 'Renews 3 March, insurer is Admiral, policy number ADM-77812.' },
  {
    id: 'catbells',
    title: 'Lake District trek',
    content: 'Catbells loop, 6 km up the hill from Hawse End; bring boots and waterproofs.',
  },
  { id: 'barber', title: 'Barber', content: 'Saturday 10:15 with Marco, skin fade, 22 pounds.' },
  {
    id: 'pension',
    title: 'Retirement savings',
    content: 'Raise the pension contribution to 8% in April; check the fund fees.',
  },
  {
    id: 'houseguests',
    title: 'Houseguests in June',
    content: 'Tom and Lucy are with us at home 14-18 June: air mattress in the study, vegetarian meals.',
  },
  {
    id: 'energy-switch',
    title: 'Energy supplier',
    content: 'Switching to Octopus from 1 May, tariff locked at 24p per kWh, first invoice in June.',
  },
  {
    id: 'quarterly-deck',
    title: 'Quarterly review deck',
    content: 'Slides due Monday; Hannah wants churn numbers and the roadmap on slide 4.',
  },
  {
    id: 'northwind-interview',
    title: 'Interview at Northwind',
    content: 'Second round on Wednesday at 11:00 with the hiring manager; bring a printed CV.',
  },
  {
    id: 'eating-plan',
    title: 'Eating plan',
    content: 'High protein breakfast, fewer calories at dinner, vitamin D in winter.',
  },
  {
    id: 'kitten',
    title: 'Kitten supplies',
    content: 'Litter tray, scratching post, wet food pouches, vet check at 9 weeks.',
  },
  {
    id: 'spring-campaign',
    title: 'Spring campaign',
    content: 'Launch the newsletter promo on 1 April, 300 in ads on Instagram.',
  },
  {
    id: 'gig-tickets',
    title: 'Gig tickets',
    content: 'Arctic Monkeys, 21 November at the O2; the band is on at 21:00, tickets in the app.',
  },
  {
    id: 'passport',
    title: 'Passport renewal',
    content: 'Fill in the form at the post office, two photos signed by a witness, 88.50 fee.',
  },
  {
    id: 'bins',
    title: 'Bin collection',
    content: 'Recycling on Mondays, general waste every other Thursday, garden waste stopped in December.',
  },
  {
    id: 'sourdough',
    title: 'Sourdough starter',
    content: 'Feed the starter with 50 g flour and 50 g water every morning; keep it in the fridge.',
  },
  {
    id: 'gym-membership',
    title: 'Gym membership',
    content: "PureGym Stratford, 24.99 a month, cancel with one month's notice.",
  },
  { id: 'bike-lock', title: 'Bike lock code', content: 'Combination for the blue bike lock: 4-7-1-9.' },
  { id: 'parking-permit', title: 'Parking permit', content: 'Permit number ZB4471, renew online before 30 September.' },
  {
    id: 'lemon-cake',
    title: "Grandma's lemon cake",
    content: 'Zest of two lemons, 200 g sugar, 3 eggs, 45 minutes at 170 degrees.',
  },
  { id: 'council-tax', title: 'Council tax', content: 'Band C, 1,842 this year, paid by direct debit on the 15th.' },
];

/** Every note of the set: the targets first, then the everyday notes. */
export const RETRIEVAL_NOTES: readonly SetNote[] = [...TARGET_NOTES, ...everydayNotes()];
