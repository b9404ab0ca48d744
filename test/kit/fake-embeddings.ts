// Deterministic fake text embeddings for the fake AI provider: words map through a concept thesaurus,
// so synonyms land on the same features and the meaning path is exercised without any model weights.
// Pure: no I/O.

/**
 * Concept id -> the words and phrases that mean it, one concept a line. Members are stemmed like the text
 * they meet, so 'gardening' and 'gardens' both find 'garden'; a phrase ('audio show') is matched before
 * its words. A stem may belong to one concept only: the module refuses to load otherwise.
 */
const THESAURUS_SOURCE = `
podcast: podcast, audio show, radio show, radio, episode, broadcast, listener
budget: budget, cost, money, spend, price, expense, fund, funding, cash, afford, pay, payment, fee, expensive, cheap
launch: launch, release, ship, debut, rollout, unveil, premiere
garden: garden, gardening, gardener, plant, vegetable, veg, allotment, vegetable plot, seedling, compost, greenhouse, herb, flower, flowerbed, weed
trip: trip, travel, holiday, vacation, journey, getaway, tour, itinerary, sightseeing, abroad
car: car, vehicle, automobile, motor, hatchback, sedan, suv
doctor: doctor, physician, gp, clinic, medic, hospital, nurse, checkup
illness: sick, illness, unwell, flu, fever, symptom, cough, headache, disease, infection, pain, ache
medicine: medicine, medication, pill, prescription, dose, pharmacy, chemist
dentist: dentist, dental, tooth, teeth, orthodontist
eyes: glasses, optician, optometrist, eyesight, spectacles, contact lenses
run: run, ran, jog, jogger, marathon, half marathon, sprint, runner, 5k, 10k
exercise: exercise, workout, gym, fitness, weightlifting, yoga, pilates
cycling: bike, bicycle, cycle, cycling, cyclist
swim: swim, swimmer, swimming pool, swam
sport: sport, football, soccer, tennis, basketball, rugby, golf, hockey, baseball
book: book, novel, read, paperback, ebook, author, chapter, library
movie: movie, film, cinema, documentary
music: music, song, album, playlist, band, concert, gig, tune, melody, musician, singer
game: game, gaming, videogame, console, playstation, xbox, nintendo, boardgame, chess
house: house, home, flat, apartment, property, dwelling, residence, condo
move: move, moving, relocate, relocation, removal, mover
rent: rent, rental, landlord, lease, tenant, tenancy
loan: loan, mortgage, debt, borrow, lender
renovation: renovate, renovation, remodel, refurbish, redecorate, decorate, diy
repair: repair, fix, mend, broken, maintenance, plumber, electrician, handyman, leak
furniture: furniture, sofa, couch, armchair, chair, wardrobe, bookshelf, bed
clean: clean, tidy, declutter, vacuum, hoover, chore, laundry, wash, mop, scrub
utilities: electricity, energy, utility, heating, boiler
internet: internet, wifi, broadband, router
job: job, work, career, employment, employer, occupation, profession, vocation
office: office, workplace, desk, coworker, colleague
interview: interview, interviewer, hiring, recruiter, recruitment, applicant, candidate, cv, resume
salary: salary, wage, income, earnings, paycheck, payslip
meeting: meeting, meet, standup, huddle, conference, seminar
presentation: presentation, slide, slideshow, slide deck, deck, pitch, keynote, powerpoint
customer: customer, client, consumer, buyer
marketing: marketing, advert, advertising, advertisement, promotion, promo, campaign
contract: contract, agreement, lawyer, solicitor, attorney, legal, lawsuit
learn: learn, study, course, lesson, class, tutorial, lecture, curriculum, student, tutor, teacher
exam: exam, test, quiz, examination, assessment, revision, revise
school: school, pupil, kindergarten, nursery, classroom
language: language, spanish, french, german, italian, vocabulary, grammar, fluent, duolingo
wedding: wedding, marriage, marry, bride, groom, engagement, fiancé, fiancée, honeymoon
kid: kid, child, children, son, daughter, toddler, baby, infant, teenager, teen
family: family, parent, mum, mom, dad, father, mother, sibling, brother, sister, grandma, grandpa, grandparent
friend: friend, mate, buddy, pal, companion, bestie
neighbour: neighbour, neighbor, neighbourhood, neighborhood
guest: guest, visitor, houseguest
dog: dog, puppy, pet, hound, canine
cat: cat, kitten, feline, kitty
vet: vet, veterinarian, veterinary
cook: cook, recipe, meal, dinner, lunch, supper, breakfast, bake, cuisine, dish, chef, kitchen
groceries: grocery, supermarket, food shop
shop: shop, store, buy, bought, purchase, mall, retailer
restaurant: restaurant, cafe, bistro, diner, eatery, takeaway
coffee: coffee, espresso, latte, cappuccino, caffeine, barista
drink: beer, wine, pub, cocktail, alcohol, booze
diet: diet, nutrition, calorie, protein, vitamin, nutrient, weight
birthday: birthday, anniversary, party, celebration, celebrate, bday
christmas: christmas, xmas, festive, advent
gift: gift, present, souvenir, voucher
schedule: schedule, calendar, appointment, timetable, agenda, reservation, reserve
deadline: deadline, due, due date, cutoff
reminder: reminder, remind, remember, alert, nudge
task: task, todo, errand, checklist, assignment
plan: plan, strategy, roadmap, blueprint
goal: goal, objective, aim, target, resolution, ambition, aspiration
idea: idea, brainstorm, concept, inspiration
email: email, mail, inbox, message, newsletter, reply
phone: phone, mobile, smartphone, cellphone, iphone, android, sim, call
computer: computer, laptop, pc, macbook, chromebook
website: website, site, webpage, web page, blog, domain, homepage, url
code: code, coding, programming, program, software, developer, programmer
bug: bug, glitch, crash, defect, error, fault, outage
password: password, passcode, login, credential, 2fa
photo: photo, photograph, photography, picture, pic, snapshot, camera, selfie
art: art, painting, paint, drawing, draw, sketch, artist, canvas
writing: write, writing, writer, wrote, essay, article, draft, manuscript, poem, poetry
journal: journal, diary, journaling
weather: weather, forecast, rain, sunny, sunshine, snow, storm, temperature
beach: beach, seaside, coast, shore, ocean, sea, seashore
hike: hike, hiking, mountain, hill, trek, trekking, trail
camp: camp, camping, campsite, tent, caravan, campervan
hotel: hotel, hostel, motel, accommodation, lodging, airbnb, inn
flight: flight, plane, airport, airline, aeroplane, airplane, boarding pass, layover
rail: train, railway, rail, station, tram, subway, metro
commute: commute, commuting, commuter
passport: passport, visa, customs, immigration, border
tax: tax, taxation, vat, hmrc, irs, accountant
bank: bank, banking, savings, save, deposit, withdrawal, atm
invest: invest, investment, stock, portfolio, pension, retirement, dividend
insurance: insurance, insurer, premium, coverage
bill: bill, invoice, receipt
clothes: clothes, clothing, outfit, garment, shirt, dress, jacket, coat, shoe, jeans
haircut: haircut, hairdresser, barber, salon, hair
fuel: fuel, petrol, gasoline, diesel, refuel
sleep: sleep, nap, insomnia, bedtime, asleep, snooze, tired, fatigue, exhausted
stress: stress, anxiety, anxious, worry, overwhelmed, burnout
therapy: therapy, therapist, counselling, counseling, counsellor, psychologist
wellbeing: wellbeing, wellness, mindfulness, meditation, meditate, relax, relaxation, calm
volunteer: volunteer, charity, donate, donation, fundraiser, nonprofit
productivity: productivity, productive, efficient, focus, procrastinate, procrastination
`;

export const FAKE_THESAURUS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  THESAURUS_SOURCE.trim()
    .split('\n')
    .map((line) => {
      const [concept = '', members = ''] = line.split(':');
      return [concept.trim(), members.split(',').map((member) => member.trim())];
    }),
);

/** Words that carry no meaning of their own in a note or a question. */
const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at by for with about from into over under up down out off as ' +
    'is are was were be been being am do does did done doing have has had having get got go going gone ' +
    'i me my mine we us our ours you your yours he him his she her hers they them their theirs it its ' +
    'this that these those there here what which who whom whose when where why how ' +
    'all any some no not nor only own same than too very can could will would shall should may might must ' +
    'just also more most much many each every other such again once while during before after between ' +
    'through because until against both few yet ever really let lets want im ive id ill youre dont doesnt ' +
    'didnt isnt cant wont'
  ).split(' '),
);

const CONCEPT_WEIGHT = 1;
/** Words outside the thesaurus still count, but less: an exact rare word should not outweigh a meaning. */
const WORD_WEIGHT = 0.5;

/** Lower-cased, accent-free word tokens of two or more characters ("don't" -> "dont"). */
function tokens(text: string): string[] {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '');
  return (plain.match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1);
}

/** Porter's consonant test: y is a vowel after a consonant. */
function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  return c === 'y' ? i === 0 || !isConsonant(w, i - 1) : true;
}

/** Porter's measure: how many vowel-consonant sequences the stem has. */
function measure(w: string): number {
  let m = 0;
  for (let i = 1; i < w.length; i++) if (isConsonant(w, i) && !isConsonant(w, i - 1)) m++;
  return m;
}

const hasVowel = (w: string) => [...w].some((_, i) => !isConsonant(w, i));

/** Ends consonant-vowel-consonant, the last not w, x or y ('hop', not 'box'): a short stem. */
function endsCvc(w: string): boolean {
  const n = w.length;
  return n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !/[wxy]$/.test(w);
}

/**
 * A light, deterministic stemmer after Porter's first step: plurals, then -ing / -ed / -ly, then a
 * final y -> i and a silent e, so that 'hiking' and 'hike', 'studied' and 'study', 'released' and
 * 'release' meet while 'plane' and 'plan' stay apart.
 */
export function stem(word: string): string {
  let w = word;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/[sui]s$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    const suffix = /(?:ing|ed)$/.exec(w)?.[0];
    if (suffix && hasVowel(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      // Give back what the suffix took: 'running' -> 'run', 'hiking' -> 'hike', 'celebrated' -> 'celebrate'.
      if (/(?:at|bl|iz)$/.test(w)) w += 'e';
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
      else if (measure(w) === 1 && endsCvc(w)) w += 'e';
    } else if (w.length > 5 && /[^ip]ly$/.test(w)) {
      // Not after i or p: 'family' and 'supply' are not adverbs.
      w = w.slice(0, -2);
    }
  }

  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('e')) {
    const base = w.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) w = base;
  }
  return w;
}

/** Content-word stems of a text, in order. */
export function contentStems(text: string): string[] {
  return tokens(text)
    .filter((t) => !STOP_WORDS.has(t))
    .map(stem);
}

/** Stem sequence ('audio show' -> 'audio sho') -> concept id, with the longest phrase length. */
function buildLookup(): { concepts: Map<string, string>; longest: number } {
  const concepts = new Map<string, string>();
  let longest = 1;
  for (const [concept, members] of Object.entries(FAKE_THESAURUS)) {
    for (const member of members) {
      const stems = contentStems(member);
      if (stems.length === 0) throw new Error(`fake thesaurus: '${member}' (${concept}) has no content word`);
      const key = stems.join(' ');
      const other = concepts.get(key);
      if (other !== undefined && other !== concept) {
        throw new Error(`fake thesaurus: '${member}' stems to '${key}', in both '${other}' and '${concept}'`);
      }
      concepts.set(key, concept);
      longest = Math.max(longest, stems.length);
    }
  }
  return { concepts, longest };
}

const LOOKUP = buildLookup();

/**
 * The features a text is embedded from: `concept:<id>` for thesaurus words and phrases (longest phrase
 * first), `word:<stem>` for the rest. Exported so an evaluation can check what a question shares with a note.
 */
export function fakeFeatures(text: string): string[] {
  const stems = contentStems(text);
  const features: string[] = [];
  for (let i = 0; i < stems.length;) {
    let matched = false;
    for (let n = Math.min(LOOKUP.longest, stems.length - i); n >= 1 && !matched; n--) {
      const concept = LOOKUP.concepts.get(stems.slice(i, i + n).join(' '));
      if (concept === undefined) continue;
      features.push(`concept:${concept}`);
      i += n;
      matched = true;
    }
    if (!matched) features.push(`word:${stems[i++] as string}`);
  }
  return features;
}

/** FNV-1a over UTF-16 code units, then a murmur3 finaliser so that low bits (the index) mix well. */
function hash32(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const INDEX_SEED = 0x5eed;
const SIGN_SEED = 0x51a9;

/**
 * A deterministic, L2-normalised embedding of `text`: each feature (see fakeFeatures) is hashed to one
 * signed dimension, repeated features count sub-linearly. Text without content words gets a fixed unit vector.
 */
export function fakeEmbedding(text: string, dimensions = 256): number[] {
  if (!Number.isInteger(dimensions) || dimensions < 1) {
    throw new RangeError(`fakeEmbedding: dimensions must be a positive integer, not ${dimensions}`);
  }
  const counts = new Map<string, number>();
  for (const feature of fakeFeatures(text)) counts.set(feature, (counts.get(feature) ?? 0) + 1);

  const vector = Array.from({ length: dimensions }, () => 0);
  for (const [feature, count] of counts) {
    const weight = (feature.startsWith('concept:') ? CONCEPT_WEIGHT : WORD_WEIGHT) * (1 + Math.log(count));
    const index = hash32(feature, INDEX_SEED) % dimensions;
    const sign = hash32(feature, SIGN_SEED) & 1 ? 1 : -1;
    vector[index] = (vector[index] ?? 0) + sign * weight;
  }

  let squares = 0;
  for (const v of vector) squares += v * v;
  const norm = Math.sqrt(squares);
  // Nothing to say, or features that cancelled out in a tiny vector: a fixed direction rather than NaN.
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((v) => v / norm);
}

/** Cosine similarity; 0 when either vector is all zeros. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError(`cosine: lengths differ (${a.length} and ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
