//! How Ludus teaches Scattercut: the points of its rules and a path of short lessons on a
//! 4×4 board, each reached by play from the empty board (see [`crate::games::lesson`]).

use crate::games::lesson::{Lesson, RulePoint};

pub const RULE_POINTS: &[RulePoint] = &[
    RulePoint {
        id: "board",
        text: "The game is played on an empty square board of any size (Ludus offers 3×3 to 19×19); the top and bottom edges are Red's, the left and right edges Blue's.",
    },
    RulePoint {
        id: "turns",
        text: "Red starts, then the players take turns, each placing one stone of their colour on any empty cell; nobody may pass.",
    },
    RulePoint {
        id: "red-goal",
        text: "Red wins with a chain of red stones linking the top edge to the bottom edge.",
    },
    RulePoint {
        id: "blue-goal",
        text: "Blue wins with a chain of blue stones linking the left edge to the right edge.",
    },
    RulePoint {
        id: "orthogonal",
        text: "Stones in a chain link through shared sides only: cells that meet at a corner do not link.",
    },
    RulePoint {
        id: "crosscut",
        text: "A crosscut is a 2×2 square of two red and two blue stones with like colours on a diagonal.",
    },
    RulePoint {
        id: "lift",
        text: "When your placed stone makes a crosscut, your own stone diagonally across from it in that crosscut is lifted off the board.",
    },
    RulePoint {
        id: "several",
        text: "A placement that makes several crosscuts lifts your stone from each of them, up to four stones at once.",
    },
    RulePoint {
        id: "replace",
        text: "You then put the lifted stones back one at a time, each on an empty cell where it makes no crosscut, and that ends your turn.",
    },
    RulePoint {
        id: "vacated",
        text: "A lifted stone can never go back to the cell it came from, because it would make the same crosscut again.",
    },
    RulePoint {
        id: "as-many",
        text: "You must put back as many lifted stones as the board has room for, so a cell that would leave room for fewer is refused.",
    },
    RulePoint {
        id: "lost",
        text: "Lifted stones that fit nowhere are lost for good, so the board need not fill up.",
    },
    RulePoint {
        id: "win-at-end",
        text: "A chain counts only when the turn is over, after every lifted stone is back or lost, and a stone put back can complete it.",
    },
];

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "red-chain",
        title: "Red joins top and bottom",
        goal: "You are Red: place one stone so that your stones link the top edge to the bottom edge.",
        record: "scattercut;size=4;moves=b1,c1,b2,c3,b4,d4",
        line: &["b3"],
        wins: true,
        hint: "Look at the b file, where a single empty cell splits your stones.",
        wrong: "c3",
        done: "Red wins: a chain of red stones now runs from the top edge to the bottom edge.",
        covers: &["board", "turns", "red-goal"],
    },
    Lesson {
        id: "blue-chain",
        title: "Blue joins left and right",
        goal: "You are Blue: complete a chain of blue stones from the left edge to the right edge.",
        record: "scattercut;size=4;moves=a1,a2,c1,b2,b3,d2,d4",
        line: &["c2"],
        wins: true,
        hint: "Stones that meet only at a corner do not link, so fill the gap in your row on rank 2.",
        wrong: "c1",
        done: "Blue wins: each stone of the row touches the next along a side, from the left edge to the right.",
        covers: &["blue-goal", "orthogonal"],
    },
    Lesson {
        id: "put-back",
        title: "A crosscut lifts a stone",
        goal: "Your stone on b3 made a crosscut (two red and two blue stones in a square, each colour on a diagonal), which lifted your stone from a2: put it back where it makes no crosscut and completes your chain.",
        record: "scattercut;size=4;moves=c1,b1,a2,b2,c3,a3,b4,d3,b3",
        line: &["c2"],
        wins: true,
        hint: "Your chain runs down from b4 to c3 and needs one more stone to reach c1.",
        wrong: "a2",
        done: "Red wins: the lifted stone went back where it completed the chain, which is checked only once your turn is over.",
        covers: &["crosscut", "lift", "replace", "vacated", "win-at-end"],
    },
    Lesson {
        id: "crosscut-on-purpose",
        title: "A crosscut on purpose",
        goal: "Win this turn by making a crosscut on purpose: the stone it lifts goes back wherever you like, so you get two stones where your chain needs them.",
        record: "scattercut;size=4;moves=b1,a1,d2,c1,b3,c2,c4,d3",
        line: &["c3", "b2"],
        wins: true,
        hint: "Place on c3 to link b3 with c4 (the crosscut lifts d2), then put the lifted stone on b2.",
        wrong: "d2",
        done: "Red wins: one placement and one stone put back closed both gaps in the chain.",
        covers: &["lift", "replace", "win-at-end"],
    },
    Lesson {
        id: "room-for-both",
        title: "Put back as many as you can",
        goal: "Your stone on b1 made two crosscuts and lifted two of your stones: put both back, choosing cells that leave room for the second one.",
        record: "scattercut;size=4;moves=d1,a1,a2,c1,c2,b2,d2,b3,a3,d3,a4,c4,b1",
        line: &["b4", "d4"],
        wins: false,
        hint: "Use b4 and d4: a stone on c3 would leave room for only one.",
        wrong: "c3",
        done: "Both stones are back: you must put back as many lifted stones as the board has room for.",
        covers: &["several", "as-many"],
    },
    Lesson {
        id: "lost-stone",
        title: "A stone lost for good",
        goal: "Win this turn, even though the crosscut your stone makes will cost you a stone that fits nowhere.",
        record: "scattercut;size=4;moves=a1,b1,c1,c2,d1,a3,a2,d3,b3,a4,c3,b4,c4,d4",
        line: &["b2"],
        wins: true,
        hint: "Place on b2 to link a2 with b3, whatever it costs.",
        wrong: "c2",
        done: "Red wins: the stone lifted from c1 had nowhere to go and was lost, and your chain counted once the turn was over.",
        covers: &["lost", "win-at-end"],
    },
];
