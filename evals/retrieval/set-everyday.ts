// The everyday notes around the evaluation's targets: shopping lists, recipes, meetings, reading, workouts,
// trips, gifts, to-dos, a journal, ideas, learning, the household, money, health and family, made from
// fixed parts in a fixed order (no randomness), so that the set is the same on every run. They are the
// haystack: notes that share words and topics with the questions without answering them.
import type { SetNote } from './set-notes';

const pick = <T>(items: readonly T[], at: number): T => items[at % items.length]!;

function family(name: string, count: number, make: (n: number) => [title: string, content: string]): SetNote[] {
  return Array.from({ length: count }, (_, n) => {
    const [title, content] = make(n);
    return { id: `${name}-${n + 1}`, title, content };
  });
}

const PANTRY = [
  'oats',
  'bananas',
  'spinach',
  'red lentils',
  'Greek yoghurt',
  'basmati rice',
  'olive oil',
  'tinned tomatoes',
  'eggs',
  'sourdough loaf',
  'feta',
  'chickpeas',
  'peanut butter',
  'frozen peas',
  'lemons',
  'garlic',
  'onions',
  'oat milk',
  'cheddar',
  'tortillas',
  'black beans',
  'honey',
  'washing-up liquid',
  'bin bags',
  'toothpaste',
  'kitchen roll',
  'apples',
  'carrots',
  'pesto',
  'penne',
  'mushrooms',
  'avocados',
  'butter',
  'porridge oats',
];
const SHOPS = ['Weekend shop', 'Shopping list', 'Market run', 'Corner shop', 'Big shop before the holidays'];

const DISHES: [string, string][] = [
  ['Lentil soup', 'Soften onion and carrot, add 200 g red lentils, stock and cumin; 25 minutes, blend half.'],
  ['Chickpea curry', 'Fry garlic, ginger and garam masala, add chickpeas and coconut milk, simmer 20 minutes.'],
  ['Shakshuka', 'Peppers and onions in tomato sauce with paprika, crack in four eggs, lid on for 8 minutes.'],
  ['Banana bread', 'Three ripe bananas, 75 g melted butter, 150 g sugar, 190 g flour; 60 minutes at 175.'],
  ['Mushroom risotto', 'Arborio toasted in butter, a glass of white, hot stock a ladle at a time, parmesan last.'],
  ['Pesto pasta', 'Basil, pine nuts, parmesan and olive oil blitzed; loosen with pasta water.'],
  ['Overnight oats', 'Half a cup of oats, oat milk, chia, grated apple and cinnamon; fridge overnight.'],
  ['Fish tacos', 'Cod in chilli and lime, quick pickled red onion, slaw with yoghurt dressing, warm tortillas.'],
  ['Roast veg traybake', 'Squash, red onion, peppers and chickpeas at 200 for 40 minutes, feta crumbled over.'],
  ['Pancakes', '100 g flour, 2 eggs, 300 ml milk, rest 30 minutes; thin, hot pan, lemon and sugar.'],
  ['Thai green curry', 'Paste fried in coconut cream, chicken thighs, green beans, fish sauce and lime leaves.'],
  ['Minestrone', 'Soffritto, tinned tomatoes, borlotti beans, small pasta, a parmesan rind in the pot.'],
  ['Flapjacks', '250 g oats, 125 g butter, 125 g golden syrup, 100 g brown sugar; 25 minutes at 180.'],
  ['Chilli con carne', 'Mince browned, kidney beans, cumin, smoked paprika, a square of dark chocolate at the end.'],
  ['Focaccia', 'Wet dough, cold rise in the fridge overnight, dimple with olive oil, rosemary and sea salt.'],
  ['Dal', 'Yellow split peas simmered with turmeric; tarka of mustard seeds, garlic and curry leaves.'],
  ['Granola', 'Oats, almonds, maple syrup, coconut oil; 30 minutes at 160, stirring halfway.'],
  ['Tomato galette', 'Shortcrust folded over sliced tomatoes and ricotta, egg wash, 35 minutes.'],
];

const PEOPLE = ['Hannah', 'Omar', 'Dana', 'Priya', 'Luke', 'Mei', 'Jonas', 'Grace', 'Ade', 'Sofia', 'Ravi', 'Ellen'];
const PROJECTS = [
  'Checkout redesign',
  'Billing migration',
  'Onboarding emails',
  'Mobile app v3',
  'Data warehouse',
  'Partner API',
  'Help centre',
  'Search revamp',
  'Pricing page',
  'Design system',
  'Android release',
  'SSO rollout',
];
const DECISIONS = [
  'ship behind a feature flag first',
  'drop the legacy export',
  'move the deadline by a week',
  'keep the old endpoint until Q3',
  'test with five customers before launch',
  'hire a contractor for QA',
  'split the epic in two',
  'freeze scope on Friday',
  'write the runbook before go-live',
  'use the vendor SDK after all',
  'pause the A/B test until traffic recovers',
  'merge the two backlogs',
];
const ACTIONS = [
  'draft the spec',
  'send the estimate',
  'book a review',
  'update the ticket',
  'share the metrics',
  'check the logs',
  'write the release notes',
  'ask legal about the wording',
  'clean up the dashboard',
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

const READS: [string, string, string][] = [
  ['Atomic Habits', 'James Clear', 'Make the good habit obvious and the bad one invisible.'],
  ['The Overstory', 'Richard Powers', 'Trees talk through their roots; slow start, huge payoff.'],
  ['Thinking, Fast and Slow', 'Daniel Kahneman', 'System 1 jumps, System 2 checks; anchoring is everywhere.'],
  ['Educated', 'Tara Westover', 'Memoir; the chapter about the scrapyard stayed with me.'],
  ['Project Hail Mary', 'Andy Weir', 'Funny and clever; Rocky is the best character in years.'],
  ['The Midnight Library', 'Matt Haig', 'Every other life has its own regrets.'],
  ['Deep Work', 'Cal Newport', 'Block mornings, batch shallow tasks after lunch.'],
  ['Sapiens', 'Yuval Noah Harari', 'Shared myths let strangers cooperate.'],
  ['Klara and the Sun', 'Kazuo Ishiguro', 'Quiet, sad, told by the machine.'],
  ['The Body', 'Bill Bryson', 'We blink about 14,000 times a day.'],
  ['Station Eleven', 'Emily St. John Mandel', 'The travelling symphony: survival is insufficient.'],
  ['Four Thousand Weeks', 'Oliver Burkeman', 'You will never get through the list, so choose.'],
  ['A Gentleman in Moscow', 'Amor Towles', 'A whole life inside one hotel.'],
  ['The Psychology of Money', 'Morgan Housel', 'Enough is a number you decide in advance.'],
  ['Braiding Sweetgrass', 'Robin Wall Kimmerer', 'Gratitude as a practice, reciprocity with the land.'],
  ['Piranesi notes', 'Susanna Clarke', 'The House is the world; the tides on the lower halls.'],
];

const WATCH = [
  ['Series to watch', 'Severance, Slow Horses, The Bear season 3, Shogun.'],
  ['Films for a rainy Sunday', 'Paddington 2, Spirited Away, The Grand Budapest Hotel.'],
  ['Documentaries', 'My Octopus Teacher, Free Solo, 13th.'],
  ['Watched in March', 'Dune Part Two (loved the sound), Past Lives, Anatomy of a Fall.'],
  ['Recommended by Ade', 'Perfect Days, Aftersun, The Holdovers.'],
  ['Family film night', 'Wallace and Gromit, Coco, The Iron Giant; popcorn and blankets.'],
  ['Cinema club list', 'Seven Samurai, Tokyo Story, Cléo from 5 to 7.'],
  ['Podcast queue', 'Hardcore History on the Mongols, the Rest Is History on Napoleon, Search Engine.'],
  ['Albums on repeat', 'Big Thief, Nils Frahm, Khruangbin, the new Little Simz.'],
  ['Playlist for the drive', 'Fleetwood Mac, Talking Heads, Bon Iver, Stevie Wonder.'],
] as const;

const WORKOUTS = [
  'Gym: squats 5x5 at 60 kg, bench 3x8 at 40 kg, rows 3x10. Knees fine.',
  'Yoga class, 60 minutes; hips tight, balance better than last week.',
  'Bike ride along the canal, 32 km, average 22 km/h, headwind on the way back.',
  'Swimming pool, 40 lengths, mostly front crawl; breathe every three strokes.',
  'Pilates with Ellen, core felt it. Book the next block of six.',
  'Workout at home: 20-minute circuit, burpees, lunges, plank 3x45 s.',
  'Tennis with Jonas, lost 6-4 6-3, serve getting better.',
  'Cycling club Sunday loop, 58 km, coffee stop in Hadley.',
  'Deadlift 3x5 at 80 kg, pull-ups 4x6, farmer carries.',
  'Stretching routine after work: hamstrings, hip flexors, thoracic rotation.',
  'Football five-a-side, Thursday 20:00, bring the bibs.',
  'Climbing wall with Luke, V3s on the overhang, forearms gone.',
  'Fitness goal check: ten push-ups more than in January.',
  'Rowing machine 5,000 m in 22:40, steady pace.',
  'Golf lesson: grip too tight, keep the left arm straight.',
  'Exercise log week 12: three sessions, one rest day too many.',
];

const CITIES: [string, string][] = [
  ['Porto', 'Livraria Lello early, port cellars in Gaia, francesinha at Café Santiago, sunset at the Miradouro.'],
  ['Edinburgh', "Arthur's Seat at dawn, the castle, Dishoom for breakfast, Dean Village walk."],
  ['Seville', 'Alcázar tickets for 10:00, Plaza de España, tapas on Calle Betis, flamenco at La Carbonería.'],
  ['Copenhagen', 'Bikes from the hotel, Nyhavn, Tivoli in the evening, smørrebrød at Aamanns.'],
  ['Kyoto', 'Fushimi Inari before 7, Arashiyama bamboo grove, Nishiki market, tea ceremony booked.'],
  ['Berlin', 'East Side Gallery, Pergamon closed so the Neues Museum, Markthalle Neun on Thursday.'],
  ['Bologna', 'Food tour at 9, the two towers, tortellini at Trattoria Anna Maria.'],
  ['Vienna', 'Belvedere for the Klimt, Naschmarkt, Sachertorte at Demel, opera standing tickets.'],
  ['Cornwall', 'St Ives, the Tate, pasties in Padstow, the coast path to Zennor.'],
  ['Ljubljana', 'Castle funicular, Lake Bled day trip, Open Kitchen market on Friday.'],
  ['Krakow', 'Old Town square, Kazimierz for dinner, salt mine tour at 11.'],
  ['Amsterdam', 'Rijksmuseum slot at 9:30, canal boat, Anne Frank House tickets release Tuesdays.'],
  ['Bruges', 'Belfry climb, chocolate workshop, boat along the Dijver.'],
  ['Valencia', 'City of Arts and Sciences, paella in El Palmar, Turia park by bike.'],
  ['Isle of Skye', 'Old Man of Storr at first light, Fairy Pools, seafood in Portree.'],
  ['Marrakech', 'Riad near Bab Doukkala, Jardin Majorelle, cooking class, haggling in the souks.'],
];

const GIFTS: [string, string][] = [
  ['Dad', 'Fishing flies, the new Ian Rankin, a good flask.'],
  ['Priya', 'Pottery class voucher, the Ottolenghi book she mentioned.'],
  ['Niece (7)', 'Lego Friends treehouse, glitter pens, a torch for camping.'],
  ['Grace', 'Secret Santa under 20: fancy hot sauce set.'],
  ['Nan', 'Photo calendar with the grandchildren, lavender hand cream.'],
  ['Omar', 'Vinyl of Blue Train, a good notebook.'],
  ['Teacher thank-you', 'Card signed by the class, plant from the market.'],
  ['Luke', 'Climbing chalk bag, vouchers for the wall.'],
  ['Sister', 'Weekend spa day, split with Tom.'],
  ['Godson', 'Football boots size 4, Arsenal home shirt.'],
  ['Mei', 'Matcha set, the Studio Ghibli art book.'],
  ['Neighbours', 'Box of biscuits for keeping an eye on the house.'],
  ['Ravi', 'Leaving present from the team: headphones, collection at 15 each.'],
  ['Ellen', 'Knitting kit and merino wool in forest green.'],
];

const TODOS = [
  'Reply to Omar about the contract renewal; chase the signed NDA.',
  'Expenses for the Leeds trip: train, hotel, two dinners.',
  'Update the org chart after the reshuffle.',
  'Prepare the one-to-one with Ade: career goals, workload.',
  'Renew the SSL certificate before the 28th.',
  'Clear the inbox to under 50 before Friday.',
  'Write the incident review for the Tuesday outage.',
  'Book the team offsite venue: 14 people, projector, lunch.',
  'Draft the job ad for the junior designer.',
  'Check the vendor invoice against the purchase order.',
  'Onboarding for Sofia: laptop, accounts, buddy, first-week plan.',
  'Quarterly OKRs: retention, activation, support backlog.',
  'Ask IT why the VPN drops every hour.',
  'Customer call notes to the CRM by end of day.',
  'Performance reviews: self-assessment due the 12th.',
  'Archive the old project channels in Slack.',
  'Send Grace the figures for the board pack.',
  'Sort out the desk move to the third floor.',
];

const JOURNAL = [
  'Slept badly, long walk by the canal helped. Herons everywhere.',
  'Good day: finished the shelf, called Nan, pasta with Tom.',
  'Felt flat all afternoon. Early night, no phone.',
  'First swim in the lido this year, freezing and wonderful.',
  'Argued with Tom about the holiday; made up over curry.',
  'Work was a slog. Three meetings that could have been emails.',
  'Sunday market, bought tulips, read in the park for two hours.',
  'Ran into Mei at the station, coffee next week.',
  'Grateful for: warm bread, the light at 6pm, a quiet inbox.',
  'Rainy, cosy, baked flapjacks, watched Paddington 2 again.',
  'Birthday drinks for Jonas, home by eleven for once.',
  'New routine: 10 minutes of stretching before breakfast.',
  'Storm last night, fence panel loose again.',
  'Lovely lunch with Dad, he seems better since the operation.',
  'Noticed I scroll when I am bored, not tired. Book by the bed.',
  'Snow! Kids built a lopsided snowman.',
  'Felt proud of the talk today, even the Q&A.',
  'Too much sugar this week; more fruit tomorrow.',
  'Clocks went forward, everyone grumpy.',
  'Long call with Sofia about moving abroad, she is brave.',
];

const IDEAS = [
  ['App idea', 'Shared fridge inventory for housemates; barcode scan, expiry nudges.'],
  ['Blog post idea', 'What I learned from a year of bullet journaling.'],
  ['Side project', 'Tiny site that shows the tide times for our beach.'],
  ['Business idea', 'Repair café once a month at the community centre.'],
  ['Short story idea', 'A lighthouse keeper who receives letters from the future.'],
  ['Newsletter idea', 'Monthly roundup of free things to do in the city.'],
  ['Product idea', 'Sunrise alarm clock that also plays birdsong.'],
  ['Kitchen idea', 'Magnetic spice rack on the side of the fridge.'],
  ['Workshop idea', 'Intro to bike maintenance for beginners.'],
  ['Garden idea', 'Wildflower strip along the back wall for the bees.'],
  ['Talk idea', 'Boring technology wins: five years of Postgres.'],
  ['Christmas idea', 'Advent calendar of tiny notes for Tom.'],
  ['Game idea', 'Co-op puzzle game about sorting a lost-property office.'],
  ['Photo project', 'One picture of the same street corner every Sunday for a year.'],
  ['Community idea', 'Street book swap box by the bus stop.'],
  ['Habit idea', 'No screens in the bedroom, charge the phone in the hall.'],
] as const;

const TOPICS: [string, string][] = [
  ['SQL window functions', 'ROW_NUMBER vs RANK; PARTITION BY resets the count.'],
  ['Touch typing', 'Week 3: 48 wpm, accuracy 96%; home row drills daily.'],
  ['Guitar', 'F barre chord still buzzing; practise the switch to C slowly.'],
  ['First aid course', 'Recovery position, CPR 30:2, check for danger first.'],
  ['Python course', 'List comprehensions, dict.get with a default, f-strings.'],
  ['Watercolour', 'Wet on wet for skies, leave white paper for highlights.'],
  ['Piano', 'Scales in G and D, left hand too heavy in the Satie.'],
  ['Photography tutorial', 'Aperture priority, f/8 for landscapes, shoot at golden hour.'],
  ['TypeScript', 'Narrowing with discriminated unions; satisfies keeps the literal type.'],
  ['Negotiation workshop', 'Anchor first, ask open questions, know your walk-away point.'],
  ['Japanese', 'Hiragana done, katakana next; particles wa and ga.'],
  ['Chess openings', 'Italian game: develop knights before bishops, castle early.'],
  ['Public speaking', 'Slow down, pause after the key point, one idea per slide.'],
  ['Statistics refresher', 'Median for skewed data; confidence interval is not a probability.'],
  ['Sign language', 'Fingerspelling alphabet, greetings, numbers to twenty.'],
  ['Knitting', 'Cast on 40, knit two purl two rib, moss stitch next.'],
];

const HOUSEHOLD = [
  ['Cleaning rota', 'Tom: bathroom and bins. Me: kitchen and hoovering. Kids: their rooms on Saturday.'],
  ['Plumber', 'Mike Evans, 07700 900123, good with leaks, cash preferred.'],
  ['Spare keys', 'Front door spare with Mrs Okafor at number 12, shed key on the hook.'],
  ['Smoke alarms', 'Test on the first of the month; hallway one chirps, new battery.'],
  ['Decluttering', 'Loft: keep the baby clothes box, charity shop the lamps, tip run for the old desk.'],
  ['Washing machine', 'Error E21: filter blocked. Clean it every three months.'],
  ['Paint colours', 'Living room Farrow and Ball Skimming Stone, hallway Ammonite.'],
  ['Window cleaner', 'Comes every four weeks on a Tuesday, 18 pounds.'],
  ['Shed', 'Felt roof needs redoing before winter, two rolls and tacks.'],
  ['Laundry', 'Wool wash at 30, no tumble dryer for the jumpers.'],
  ['Electrician', 'Sparks Ltd quoted 340 for the outside socket.'],
  ['Sofa', 'Measure the doorway before ordering: 78 cm wide.'],
  ['Gutters', 'Clear in November, borrow the long ladder from Dave.'],
  ['Fridge', 'Defrost the freezer drawer, ice build-up again.'],
  ['Bedroom', 'Blackout blind for the back room, 120 cm wide.'],
  ['Toolbox', 'Need wall plugs, a spirit level and a stud finder.'],
] as const;

const MONEY = [
  ['Monthly spending', 'Groceries 420, transport 96, eating out 140, subscriptions 38.'],
  ['Savings goal', 'Emergency fund to three months of costs by December.'],
  ['Subscriptions', 'Cancel the magazine, keep Spotify, share Netflix with Sofia.'],
  ['Holiday fund', 'Putting aside 150 a month for next summer.'],
  ['Car loan', '7 payments left of 189.'],
  ['Current account', 'Switch for the 175 bonus; move the direct debits first.'],
  ['ISA', 'Use the allowance before 5 April.'],
  ['Receipts to keep', 'Washing machine warranty, the new glasses, the sofa.'],
  ['Pocket money', 'Mia 5 a week, Ollie 3, extra for chores.'],
  ['Phone contract', 'Ends in August, SIM-only deal at 10 a month afterwards.'],
  ['Splitting costs', 'Tom owes 64 for the cottage deposit.'],
  ['Charity', 'Direct debit to the food bank, 10 a month.'],
] as const;

const HEALTH = [
  ['Headache log', 'Tuesday afternoon again, after screen-heavy day. Water and a walk helped.'],
  ['Allergy season', 'Antihistamine in the morning from April, pollen high this week.'],
  ['Back pain', 'Physio exercises: cat-cow, bird-dog, glute bridges, twice a day.'],
  ['Blood pressure', 'Home readings 128/82, 131/84, 125/80. Take to the GP in June.'],
  ['Flu jab', 'Pharmacy does walk-ins on Saturdays.'],
  ['Eye test', 'Optician in October, prescription slightly stronger.'],
  ['Steps', 'Averaged 8,400 a day this month.'],
  ['Migraine triggers', 'Red wine, skipped meals, bright screens late.'],
  ['Knee', 'Ice after football, see the physio if it swells again.'],
  ['Water', 'Two litres a day, bottle on the desk.'],
  ['Hay fever', 'Nasal spray works better than tablets.'],
  ['Mood', 'Better with daylight walks at lunch.'],
] as const;

const FAMILY = [
  ['Swimming lessons', 'Ollie Saturdays 9:00 at the leisure centre, stage 3 badge next.'],
  ['Parents evening', 'Mia: reading strong, maths needs practice with fractions.'],
  ['Playdate', 'Leo comes Friday after school, nut allergy.'],
  ['Summer holidays', 'Holiday club week 2, grandparents week 3, we take week 4.'],
  ['Costume', 'World Book Day: Mia wants to be Matilda.'],
  ['Packed lunches', 'Wraps, cucumber, grapes cut in half, no nuts.'],
  ['Screen time', 'One hour on school days, more at weekends if homework is done.'],
  ['Dad', 'Call Sunday evenings, help with the online banking.'],
  ['Family tree', 'Ask Nan about her parents, names and the village in Donegal.'],
  ['Sports day', 'Wednesday 13:30, sun hats and water bottles.'],
  ['Bedtime', 'Bath, two stories, lights out by 19:30 for Ollie.'],
  ['Sleepover', "Leo stays Saturday on the spare mattress in Ollie's room; pancakes in the morning."],
] as const;

const QUOTES = [
  ['Quote', '"The best time to plant a tree was twenty years ago. The second best time is now."'],
  ['Quote', '"Done is better than perfect."'],
  ['Words I like', 'Petrichor, sonder, hiraeth, apricity.'],
  ['Things that went well', 'Shipped the release, helped Grace, cooked twice.'],
  ['Conference takeaways', 'Observability first, feature flags everywhere, fewer dashboards.'],
  ['Jokes for the kids', 'Why did the scarecrow win a prize? He was outstanding in his field.'],
  ['Wishlist', 'Cast iron pan, rain jacket, a decent bread knife.'],
  ['Restaurants to try', 'Kiln, Bao, the Lebanese place by the station.'],
] as const;

/** The everyday notes, in a fixed order. */
export function everydayNotes(): SetNote[] {
  return [
    ...family('shopping', 20, (n) => [
      pick(SHOPS, n),
      Array.from({ length: 5 + (n % 3) }, (_, i) => `- ${pick(PANTRY, n * 3 + i * 5)}`).join('\n'),
    ]),
    ...family('recipe', DISHES.length, (n) => pick(DISHES, n)),
    ...family('meeting', 24, (n) => [
      `${pick(PROJECTS, n)} sync with ${pick(PEOPLE, n * 5)}`,
      `Agreed to ${pick(DECISIONS, n * 7)}. Next: ${pick(PEOPLE, n * 5 + 3)} to ${pick(ACTIONS, n)} by ${pick(DAYS, n)}.`,
    ]),
    ...family('reading', READS.length, (n) => {
      const [book, author, takeaway] = pick(READS, n);
      return [`${book} – ${author}`, takeaway];
    }),
    ...family('watch', WATCH.length, (n) => [...pick(WATCH, n)]),
    ...family('workout', WORKOUTS.length, (n) => [`Training ${pick(DAYS, n)}`, pick(WORKOUTS, n)]),
    ...family('trip', CITIES.length, (n) => {
      const [city, plan] = pick(CITIES, n);
      return [`${city} weekend`, plan];
    }),
    ...family('gift', GIFTS.length, (n) => {
      const [who, what] = pick(GIFTS, n);
      return [`Gift ideas: ${who}`, what];
    }),
    ...family('todo', TODOS.length, (n) => [`Work to-do ${n + 1}`, pick(TODOS, n)]),
    ...family('journal', JOURNAL.length, (n) => [`Journal ${n + 1} March`, pick(JOURNAL, n)]),
    ...family('idea', IDEAS.length, (n) => [...pick(IDEAS, n)]),
    ...family('learning', TOPICS.length, (n) => {
      const [topic, notes] = pick(TOPICS, n);
      return [`Learning: ${topic}`, notes];
    }),
    ...family('household', HOUSEHOLD.length, (n) => [...pick(HOUSEHOLD, n)]),
    ...family('money', MONEY.length, (n) => [...pick(MONEY, n)]),
    ...family('health', HEALTH.length, (n) => [...pick(HEALTH, n)]),
    ...family('family', FAMILY.length, (n) => [...pick(FAMILY, n)]),
    ...family('misc', QUOTES.length, (n) => [...pick(QUOTES, n)]),
  ];
}
