// Short rules summaries, written for Ludus in our own words (the designers' rule sheets are
// the authority). Each is a list of paragraphs; `credit` names the designer.

export const RULES = {
  unravel: {
    credit: 'Mark Steere',
    paragraphs: [
      'Red and Blue take turns putting one checker of their colour on an empty square, Red first. Red wants an unbroken chain of red checkers, square to square (not diagonally), from the top edge to the bottom edge; Blue wants the same from left to right.',
      'A crosscut is a 2×2 block holding two red and two blue checkers, each colour on a diagonal. If your placement makes one, you must untangle it at once: swap two side-by-side checkers of opposite colours inside it, but not the checker that completed it. Swaps may make new crosscuts, which you untangle the same way, never moving the checkers that completed them. Your turn ends when the board has no crosscut left.',
      'Wins are checked only when the turn is over. The swaps always die out, so a game can never go round in circles.',
    ],
    ludus: 'Click an empty square to place. While a crosscut is outlined, click one checker and then the one to swap it with; the checkers you may swap are ringed.',
  },
  scattercut: {
    credit: 'Mark Steere',
    paragraphs: [
      'Red and Blue take turns placing one stone of their colour on an empty square, Red first; passing is not allowed. Red joins top and bottom, Blue joins left and right, with stones touching side to side.',
      'If your new stone forms crosscuts (2×2 blocks with two stones of each colour on the diagonals), lift your own stone that sits diagonally across from the new one in each of them. Then put the lifted stones back on the board one at a time, each on an empty square where it makes no crosscut, re-placing as many as you possibly can. Stones that cannot be re-placed leave the game.',
      'A connection only wins if it is still there when your turn is complete.',
    ],
    ludus: 'Click an empty square to place. When stones must be re-placed, the squares where the next one may go are dotted.',
  },
  unity: {
    credit: 'Néstor Romeral Andrés',
    paragraphs: [
      'Purple, Orange and Green pieces (rings and asterisks) start spread over a hexagonal board with a single empty space. With two players, one colour is neutral and never moves. Purple starts, then Orange, then Green, skipping the neutral colour.',
      'On your turn do one thing. Slide one of your pieces in a straight line to an empty space, hopping over any pieces but never across a wall. Or place a wall on an empty edge between two spaces (two walls in a three-player game) while the supply lasts; walls stay for good. Or capture: a ring removes every piece on the six spaces around it, and an asterisk every piece along one of its six lines up to a wall or the edge, friend and foe alike, and the capturing piece goes too. Walls shield what lies behind them. A capture may never wipe out all of a player\'s pieces.',
      'After every turn, anyone whose pieces all form one connected group (a wall cuts a connection) wins. If several players manage it at once, the largest group wins; if still tied, the player who moved most recently.',
    ],
    ludus: 'Click a piece, then an empty space to slide it. Click a ring, then Fire, to fire it (a second click on a piece lets go of it); click an asterisk, then one of the arrows around it. Click between two spaces to place a wall.',
  },
  'merlins-chain': {
    credit: 'Jorge Gomez Arrausi',
    paragraphs: [
      'Sixty-four numbered tiles fill an 8×8 board, all face down (grey) at first. Green owns the even numbers and moves first; White owns the odd numbers.',
      'On your turn, turn one of your grey tiles face up on any square not already holding a face-up tile. The move is only allowed if the remaining grey tiles could still be shuffled over the other free squares so that every column counts upward from bottom to top. Ludus always shows one such arrangement.',
      'Four face-up tiles of one colour in a row, column or diagonal form a chain, ranked by its highest number. When all 64 are face up, the player with the lowest-ranked chain wins; if nobody has a chain, it is a draw.',
    ],
    ludus: 'Click one of your grey tiles (or pick a number from the tray), then the square to play it on; click the tile itself to play it where it lies.',
  },
  unlur: {
    credit: 'Jorge Gomez Arrausi',
    paragraphs: [
      'Unlur is a connection game with two different goals. White wins by linking two opposite sides of the board with a chain of white stones. Black wins by linking three sides that are not next to each other (a Y). Corner cells belong to both of their sides.',
      'It starts with a contract phase: both players take turns putting black stones on inner cells (not on the edge). Instead of placing, a player may pass; whoever passes plays Black from then on, and the other player takes White and moves next. After that, each places stones of their own colour on any empty cell.',
      'If your placement completes your own goal you win, even if it completes your opponent\'s too; if it only completes your opponent\'s goal, you lose.',
    ],
    ludus: 'Click an empty cell to place. During the contract phase the Pass button takes Black.',
  },
};

/** The summary for a game name (or null). */
export function rulesFor(name) {
  return RULES[name] ?? null;
}
