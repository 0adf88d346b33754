/**
 * Apple Podcasts categories: the 19 top-level categories and their subcategories, spelled exactly as
 * Apple's directory expects them in <itunes:category text="...">. Names are case sensitive and an
 * unknown name drops the show out of category browsing, so the feed builder only ever writes these.
 */
export const APPLE_PODCAST_CATEGORIES = [
  { name: 'Arts', subcategories: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'] },
  {
    name: 'Business',
    subcategories: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'],
  },
  { name: 'Comedy', subcategories: ['Comedy Interviews', 'Improv', 'Stand-Up'] },
  { name: 'Education', subcategories: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'] },
  { name: 'Fiction', subcategories: ['Comedy Fiction', 'Drama', 'Science Fiction'] },
  { name: 'Government', subcategories: [] },
  {
    name: 'Health & Fitness',
    subcategories: ['Alternative Health', 'Fitness', 'Medicine', 'Mental Health', 'Nutrition', 'Sexuality'],
  },
  { name: 'History', subcategories: [] },
  { name: 'Kids & Family', subcategories: ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'] },
  {
    name: 'Leisure',
    subcategories: ['Animation & Manga', 'Automotive', 'Aviation', 'Crafts', 'Games', 'Hobbies', 'Home & Garden', 'Video Games'],
  },
  { name: 'Music', subcategories: ['Music Commentary', 'Music History', 'Music Interviews'] },
  {
    name: 'News',
    subcategories: ['Business News', 'Daily News', 'Entertainment News', 'News Commentary', 'Politics', 'Sports News', 'Tech News'],
  },
  {
    name: 'Religion & Spirituality',
    subcategories: ['Buddhism', 'Christianity', 'Hinduism', 'Islam', 'Judaism', 'Religion', 'Spirituality'],
  },
  {
    name: 'Science',
    subcategories: [
      'Astronomy',
      'Chemistry',
      'Earth Sciences',
      'Life Sciences',
      'Mathematics',
      'Natural Sciences',
      'Nature',
      'Physics',
      'Social Sciences',
    ],
  },
  {
    name: 'Society & Culture',
    subcategories: ['Documentary', 'Personal Journals', 'Philosophy', 'Places & Travel', 'Relationships'],
  },
  {
    name: 'Sports',
    subcategories: [
      'Baseball',
      'Basketball',
      'Cricket',
      'Fantasy Sports',
      'Football',
      'Golf',
      'Hockey',
      'Rugby',
      'Running',
      'Soccer',
      'Swimming',
      'Tennis',
      'Volleyball',
      'Wilderness',
      'Wrestling',
    ],
  },
  { name: 'Technology', subcategories: [] },
  { name: 'True Crime', subcategories: [] },
  { name: 'TV & Film', subcategories: ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'] },
] as const satisfies readonly { name: string; subcategories: readonly string[] }[];

export type TAppleCategoryName = (typeof APPLE_PODCAST_CATEGORIES)[number]['name'];

export const APPLE_CATEGORY_NAMES = APPLE_PODCAST_CATEGORIES.map((c) => c.name) as [TAppleCategoryName, ...TAppleCategoryName[]];

/** True when `subcategory` (or no subcategory) belongs to the top-level `category`. */
export function isAppleCategoryPair(category: string, subcategory: string | null): boolean {
  const entry = APPLE_PODCAST_CATEGORIES.find((c) => c.name === category);
  if (!entry) return false;
  if (subcategory === null) return true;
  return (entry.subcategories as readonly string[]).includes(subcategory);
}
