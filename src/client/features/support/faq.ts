/**
 * The questions students ask, answered as the product behaves (README: "Assessment integrity" and the
 * account rules). When a rule changes, change its answer here too.
 */
export interface FaqEntry {
  id: string;
  question: string;
  /** Paragraphs of plain text. */
  answer: string[];
  /** Other words people search with. */
  keywords?: string;
}

export const FAQ: readonly FaqEntry[] = [
  {
    id: 'diagnostic-first',
    question: 'Why is most of the menu hidden?',
    answer: [
      'Everyone starts with the diagnostic: a short test across every subject that finds out what you already know. Until you submit it, the menu shows only the Dashboard, and you cannot start quizzes, exams or Test Yourself.',
      'Open the Dashboard and choose "Take the diagnostic". There is no pass or fail; answer as well as you can. If it says no diagnostic is available yet, your school has not published one: ask your teacher or write to us below.',
    ],
    keywords: 'diagnostic locked menu start first test unlock',
  },
  {
    id: 'offline',
    question: 'Can I use Pathbuilder without internet?',
    answer: [
      'Yes, once you have opened it on this device while online. Each answer you give in a quiz, exam, diagnostic or practice is saved on your device first and sent to the server when you are back online, even if you reload the page or close the tab in between.',
      'Starting a quiz, exam or practice needs the internet, because the server picks your questions. Once it has started, you can keep answering offline. Screens you opened before show the last copy they loaded.',
    ],
    keywords: 'offline internet wifi network connection train bus sync',
  },
  {
    id: 'waiting-to-sync',
    question: 'It says "changes waiting to sync". Are my answers lost?',
    answer: [
      'No. They are stored on this device and are sent automatically as soon as you are online again, and every time you open the app. Keep using the same device and browser until the count is gone, and do not clear the browser data or use a private window in the meantime.',
    ],
    keywords: 'sync syncing waiting changes lost saved outbox offline',
  },
  {
    id: 'deadline-offline',
    question: 'What happens if the time runs out while I am offline?',
    answer: [
      'The server keeps the clock. An answer that reaches it by the deadline counts (15 seconds are allowed for the network). When the time is up, the attempt is submitted for you.',
      'An answer you gave offline before the deadline still counts if it reaches the server within the offline grace your teacher set (for example 10 minutes). It has to have been given while the server could not hear from you: if you stayed online until the deadline, later answers do not count. Your result then says how many answers reached the server after the deadline, and your Profile Record shows the attempt as "submitted late (offline grace)".',
    ],
    keywords: 'deadline time limit late grace offline timer auto submit',
  },
  {
    id: 'answers-released',
    question: 'When can I see the correct answers of a quiz or exam?',
    answer: [
      'Your score is always shown as soon as your attempt is submitted. The answers and explanations follow the setting your teacher chose: right after you submit; after the assessment closes (plus its offline grace, because a classmate who lost the network may still be sending answers); or never, in which case you see your score and nothing else, not even which questions you got right.',
      'A question that is still used in another quiz or exam that is open or coming up keeps its answer back, and your review says so ("its answer is held back").',
    ],
    keywords: 'answers results review explanation score exam closes released correct wrong',
  },
  {
    id: 'test-yourself',
    question: 'How does Test Yourself work?',
    answer: [
      'Choose the topics and how many questions you want. After each answer you see straight away whether it was right, with an explanation, so your first answer is the one that counts: once the answer is shown it cannot be changed. Practice counts toward your learning profile.',
      'Test Yourself never uses questions of a quiz or exam that is open or coming up, so practising cannot give away an answer early.',
    ],
    keywords: 'practice test yourself feedback questions topics',
  },
  {
    id: 'school',
    question: 'How do I join or change my school?',
    answer: [
      'Choose the school when you register, or later on the Account page. That sends a request: you stay in your current school, and see its quizzes and exams, until an admin or a teacher of the new school approves it. You get a notification when they decide. You cannot remove yourself from a school.',
    ],
    keywords: 'school join change move request approve teacher account membership',
  },
  {
    id: 'password',
    question: 'I forgot my password. How do I reset it?',
    answer: [
      'On the sign-in page choose "Forgot your password?" and enter your e-mail address. If it belongs to an account, you receive a link that works once, within 30 minutes. Choosing a new password signs you out on every device. Very common passwords are refused.',
      'No mail? Check your spam folder and ask again after a few minutes (a few mails an hour per address). The page answers the same way for every address, so it cannot tell you whether an address is registered.',
    ],
    keywords: 'password forgot reset sign in login locked email link',
  },
  {
    id: 'verify',
    question: 'I did not get the e-mail to verify my address.',
    answer: [
      'Use "Resend verification e-mail" on the Account page. The link in it works for 60 minutes. Check your spam folder too.',
    ],
    keywords: 'verify verification email confirm address link',
  },
  {
    id: 'install',
    question: 'How do I install the app on my phone or computer?',
    answer: [
      'Pathbuilder is a web app you can install from the browser. On Android in Chrome, open the menu (⋮) and choose "Install app" or "Add to Home screen". On an iPhone or iPad in Safari, tap Share and then "Add to Home Screen". On a computer in Chrome or Edge, use the install icon at the end of the address bar.',
      'The installed app works offline just like the browser version. When a new version is ready, a message "A new version is available" offers to reload.',
    ],
    keywords: 'install app home screen phone android iphone ios download pwa update',
  },
  {
    id: 'notifications',
    question: 'Where do I see my notifications?',
    answer: [
      'On the Notifications page (the link is at the top of this page). It lists, for example, your school’s decision on a request to join and the replies to your support requests. Replies to support requests are also sent to you by e-mail.',
    ],
    keywords: 'notifications messages bell alerts replies email',
  },
  {
    id: 'record',
    question: 'Where can I see all my results?',
    answer: [
      'Profile Record lists every quiz, exam, diagnostic and Test Yourself practice you started, with its date, score and status, and a link to each result. Its Print button prints the whole record.',
    ],
    keywords: 'results record history scores print grades',
  },
  {
    id: 'contact',
    question: 'What happens after I send a question?',
    answer: [
      'The teachers of your school and the Pathbuilder admins see it. When someone replies you get a notification and an e-mail, and you can answer in the same conversation on this page. You can open up to 10 new requests a day.',
    ],
    keywords: 'contact help ticket request reply support teacher admin',
  },
];

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The entries that contain every word of the query (in any order, ignoring case and accents). */
export function searchFaq(entries: readonly FaqEntry[], query: string): FaqEntry[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const text = normalise([e.question, ...e.answer, e.keywords ?? ''].join(' '));
    return words.every((w) => text.includes(w));
  });
}
