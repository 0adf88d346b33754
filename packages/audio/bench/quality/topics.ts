/*
 * What the synthetic hosts say: one short show per topic. Each has the traps the detectors met on
 * real shows: 'welcome to' (heard as 'welcome intern'), 'lasts longer' (heard as 'last flubber'),
 * real uses of 'like' and 'you know' that are not fillers, and words that sound like the sound-effect
 * keyword 'ding' (thing, bring, during) in shows where it is never said.
 */
export interface Topic {
  intro: string;
  /** Six plain sentences; the retakes are taken of these. */
  sentences: readonly string[];
  /** A sentence with a real 'like' (a verb or a preposition) that must never be cut. */
  like: string;
  /** A sentence with a real 'you know' (a question or a condition). */
  youKnow: string;
  /** What the host asks the Intern. */
  question: string;
  outro: string;
}

export const TOPICS: readonly Topic[] = [
  {
    intro: 'welcome to the balcony garden show',
    sentences: [
      'today we are going to talk about growing tomatoes in pots',
      'the best soil for a small pot is light and drains well',
      'water them early in the morning before the sun gets hot',
      'a little compost every two weeks keeps the leaves green',
      'pinch out the side shoots so the plant puts its energy into fruit',
      'my neighbor grows basil right beside her tomatoes',
    ],
    like: 'I like to add a pinch of something about like sea salt to the water',
    youKnow: 'if you know your soil you can skip the fertilizer',
    question: 'what is the best time to plant garlic',
    outro: 'thanks for listening and bring a friend next week',
  },
  {
    intro: 'welcome to the bread hour',
    sentences: [
      'a good loaf needs only flour water salt and time',
      'the starter should smell sour and look full of bubbles',
      'fold the dough four times during the first two hours',
      'bake it in a heavy pot with the lid on for twenty minutes',
      'let the loaf cool completely before you cut into it',
      'rye flour makes the crumb darker and the flavor deeper',
    ],
    like: 'if you like it smooth use a little less rye',
    youKnow: 'do you know why the crust turns brown in the oven',
    question: 'how long should bread dough rise in a cold kitchen',
    outro: 'a loaf made this way lasts longer than any shop bread',
  },
  {
    intro: 'welcome to the cycling report',
    sentences: [
      'the new bike lanes opened on the north side of the river',
      'our guest rode to work every day for a whole year',
      'she says the hardest part is the first cold morning',
      'a good rain jacket matters more than a fast bike',
      'check your tyre pressure once a week and before long rides',
      'the city will add three hundred parking spaces for bikes',
    ],
    like: 'it looks like the council will keep the lane open all winter',
    youKnow: 'if you know the back roads you can avoid the traffic',
    question: 'what pressure should a road bike tyre have',
    outro: 'ride safely and we will see you next week',
  },
  {
    intro: 'welcome to the kitchen table podcast',
    sentences: [
      'tonight we are cooking a simple lentil soup',
      'start with onions carrots and celery in a little oil',
      'red lentils cook faster and fall apart into the broth',
      'a squeeze of lemon at the end makes the whole pot brighter',
      'the soup keeps in the fridge for about four days',
      'serve it with warm bread and a green salad',
    ],
    like: 'my children like it with a spoon of yogurt on top',
    youKnow: 'do you know how much salt to add for two liters',
    question: 'how long do dried lentils keep in the cupboard',
    outro: 'thank you for cooking along with us tonight',
  },
  {
    intro: 'welcome to the night sky hour',
    sentences: [
      'this month the planet jupiter rises just after sunset',
      'you can see its four largest moons with ordinary binoculars',
      'the best nights are clear and far away from city lights',
      'let your eyes adapt to the dark for twenty minutes',
      'a red torch keeps your night vision while you read a map',
      'the meteor shower peaks in the middle of next week',
    ],
    like: 'on a clear night the moons look like tiny beads in a line',
    youKnow: 'if you know where to look you can find saturn as well',
    question: 'when is the next total eclipse visible from europe',
    outro: 'clear skies and goodbye from all of us',
  },
  {
    intro: 'welcome to the small business hour',
    sentences: [
      'our guest runs a repair shop for old radios',
      'he started with one workbench in his garage',
      'most of his customers find him through word of mouth',
      'he keeps a list of spare parts on a simple spreadsheet',
      'the busiest month of the year is always december',
      'he now trains two apprentices every summer',
    ],
    like: 'customers like that he explains every repair',
    youKnow: 'do you know how many radios he fixed last year',
    question: 'how should a small shop price its repairs',
    outro: 'thanks for listening and support your local shops',
  },
  {
    intro: 'welcome to the language corner',
    sentences: [
      'this week we are learning how to order food in spanish',
      'start every sentence with a polite greeting',
      'the waiter will often ask if you want something to drink',
      'practice the numbers from one to twenty before your trip',
      'reading menus out loud is a good daily exercise',
      'mistakes are normal and people are usually very kind',
    ],
    like: 'you can say that you would like the soup of the day',
    youKnow: 'if you know twenty words you can already order lunch',
    question: 'how many words does a beginner need to know',
    outro: 'see you next week for another lesson',
  },
  {
    intro: 'welcome to the home repair show',
    sentences: [
      'a dripping tap usually needs a new washer',
      'turn off the water supply before you open anything',
      'take a photo of each part as you take it apart',
      'the hardware store will match the washer if you bring the old one',
      'tighten the nut firmly but do not force it',
      'the whole repair takes about twenty minutes',
    ],
    like: 'it sounds like a small job and it usually is',
    youKnow: 'do you know where your main water valve is',
    question: 'how often should a boiler be serviced',
    outro: 'thank you for listening and happy fixing',
  },
  {
    intro: 'welcome to the walking podcast',
    sentences: [
      'this trail follows the coast for about twelve miles',
      'the path is steep in places but well marked',
      'carry more water than you think you will need',
      'there is a small cafe at the halfway point',
      'the view from the cliff top is worth every step',
      'the last bus back leaves the village at six',
    ],
    like: 'we walked slowly and it felt like a holiday',
    youKnow: 'if you know the tide times you can walk on the beach',
    question: 'what should a walker carry on a long coastal trail',
    outro: 'that is all for this week so enjoy your walks',
  },
];
