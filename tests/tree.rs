//! The game tree: variations kept, moving about the tree, promoting and deleting lines, and
//! the notes on each step; each operation's refusals.

use ludus::games::GameKind;
use ludus::session::{Session, MAX_COMMENT_CHARS, MAX_DRAWINGS};
use ludus::views::session_view;
use ludus::OptionMap;

fn unravel(steps: &[&str]) -> Session {
    let mut s = Session::new(GameKind::Unravel, &OptionMap::new().with("size", "4")).unwrap();
    for step in steps {
        s.play(step).unwrap();
    }
    s
}

/// The id of the node reached by `steps` from the start.
fn node(s: &Session, steps: &[&str]) -> usize {
    let tree = s.tree();
    let mut id = 0;
    for step in steps {
        id = tree
            .iter()
            .find(|n| n.parent == Some(id) && n.step == *step)
            .unwrap_or_else(|| panic!("no {step} after node {id}"))
            .id;
    }
    id
}

#[test]
fn playing_in_the_past_starts_a_variation_and_keeps_every_line() {
    let mut s = unravel(&["a1", "b1", "a2"]);
    s.go_to(1);
    s.play("d4").unwrap();
    assert_eq!(s.step_texts(), ["a1", "d4"]);
    assert_eq!(s.tree_len(), 4);
    let a1 = node(&s, &["a1"]);
    let kids: Vec<String> = s.tree()[a1]
        .children
        .iter()
        .map(|&c| s.tree().iter().find(|n| n.id == c).unwrap().step.clone())
        .collect();
    assert_eq!(kids, ["b1", "d4"], "the main line stays first");
    // Playing a step that is already there follows it instead of adding it again.
    s.go_to(1);
    s.play("b1").unwrap();
    assert_eq!(s.step_texts(), ["a1", "b1", "a2"]);
    assert_eq!(s.tree_len(), 4);
    assert_eq!(s.cursor(), 2);
    // At the end of a line a step continues it.
    s.go_to_node(node(&s, &["a1", "d4"])).unwrap();
    s.play("c1").unwrap();
    assert_eq!(s.step_texts(), ["a1", "d4", "c1"]);
    assert_eq!(s.tree()[0].children.len(), 1);
}

#[test]
fn the_line_shown_runs_through_the_node_shown_and_on_along_first_continuations() {
    let mut s = unravel(&["a1", "b1", "a2", "b2"]);
    s.go_to(1);
    s.play("d4").unwrap();
    s.play("c4").unwrap();
    let d4 = node(&s, &["a1", "d4"]);
    // Stepping back along a variation keeps it the line shown.
    assert!(s.undo() && s.undo());
    assert_eq!(s.step_texts(), ["a1", "d4", "c4"]);
    assert!(s.redo());
    assert_eq!(s.shown_node(), d4);
    // Going to a node on the main line shows the main line.
    s.go_to_node(node(&s, &["a1", "b1"])).unwrap();
    assert_eq!(s.step_texts(), ["a1", "b1", "a2", "b2"]);
    assert_eq!(s.cursor(), 2);
    let v = session_view(&s);
    assert_eq!(v.node, s.shown_node());
    assert_eq!(v.line, s.line());
    assert_eq!(v.steps, ["a1", "b1", "a2", "b2"]);
    assert_eq!(v.tree.len(), 7);
    assert_eq!(v.tree[0].id, 0);
    // Written order: a1, b1, then the variation d4 c4, then a2 b2.
    let order: Vec<&str> = v.tree.iter().map(|n| n.step.as_str()).collect();
    assert_eq!(order, ["", "a1", "b1", "d4", "c4", "a2", "b2"]);
    assert!(s
        .go_to_node(99)
        .unwrap_err()
        .to_string()
        .contains("no step number 99"));
}

#[test]
fn siblings_are_the_variations_of_the_step_shown() {
    let mut s = unravel(&["a1", "b1"]);
    s.go_to(1);
    s.play("c1").unwrap();
    s.go_to(1);
    s.play("d1").unwrap();
    assert_eq!(s.step_texts(), ["a1", "d1"]);
    assert!(s.go_to_sibling(-1));
    assert_eq!(s.step_texts(), ["a1", "c1"]);
    assert!(s.go_to_sibling(-1));
    assert_eq!(s.step_texts(), ["a1", "b1"]);
    assert!(!s.go_to_sibling(-1), "b1 is the first");
    assert!(s.go_to_sibling(1) && s.go_to_sibling(1));
    assert!(!s.go_to_sibling(1), "d1 is the last");
    s.go_to(0);
    assert!(!s.go_to_sibling(1), "the start has none");
}

#[test]
fn promote_moves_the_variation_holding_a_step_to_the_front() {
    let mut s = unravel(&["a1", "b1", "a2"]);
    s.go_to(1);
    s.play("d4").unwrap();
    s.play("c4").unwrap();
    let c4 = node(&s, &["a1", "d4", "c4"]);
    s.promote(c4).unwrap();
    let a1 = node(&s, &["a1"]);
    let first = s.tree().iter().find(|n| n.id == a1).unwrap().children[0];
    assert_eq!(first, node(&s, &["a1", "d4"]));
    assert_eq!(
        s.record_text(),
        "unravel;size=4;v=2;moves=a1,d4(b1,a2),c4",
        "now the main line; c4 shown at its end"
    );
    let e = s.promote(c4).unwrap_err().to_string();
    assert!(e.contains("on the main line already"), "{e}");
    assert!(s.promote(0).is_err() && s.promote(1234).is_err());
}

#[test]
fn deleting_a_variation_removes_it_and_moves_the_position_shown_back() {
    let mut s = unravel(&["a1", "b1", "a2"]);
    s.go_to(1);
    s.play("d4").unwrap();
    s.play("c4").unwrap();
    let d4 = node(&s, &["a1", "d4"]);
    s.delete_variation(d4).unwrap();
    assert_eq!(s.tree_len(), 3);
    assert_eq!(s.step_texts(), ["a1", "b1", "a2"]);
    assert_eq!(s.cursor(), 1, "back to the step before the deleted one");
    assert_eq!(s.record_text(), "unravel;size=4;moves=a1,b1,a2;at=1");
    // Deleting the main continuation after the step shown: the line follows the next one.
    s.go_to(1);
    s.play("d4").unwrap();
    s.go_to(1);
    let b1 = node(&s, &["a1", "b1"]);
    s.go_to_node(b1).unwrap();
    s.go_to(1);
    s.delete_variation(b1).unwrap();
    assert_eq!(s.step_texts(), ["a1", "d4"]);
    assert_eq!(s.cursor(), 1);
    assert!(s
        .delete_variation(0)
        .unwrap_err()
        .to_string()
        .contains("start"));
    assert!(s.delete_variation(b1).is_err(), "gone already");
}

#[test]
fn notes_on_steps_and_on_the_start() {
    let mut s = unravel(&["a1", "b1"]);
    let a1 = node(&s, &["a1"]);
    s.set_comment(0, "Opening: a <b>quiet</b> one; 100% sure")
        .unwrap();
    s.set_comment(a1, "Corner\nfirst").unwrap();
    s.set_glyph(a1, "!?").unwrap();
    s.toggle_arrow(a1, 0, 5).unwrap();
    s.toggle_circle(a1, 15).unwrap();
    let v = session_view(&s);
    let n = v.tree.iter().find(|n| n.id == a1).unwrap();
    assert_eq!(
        (n.glyph.as_str(), n.comment.as_str()),
        ("!?", "Corner\nfirst")
    );
    assert_eq!(
        (n.arrows.clone(), n.circles.clone()),
        (vec![[0, 5]], vec![15])
    );
    assert_eq!(v.tree[0].comment, "Opening: a <b>quiet</b> one; 100% sure");
    // Toggling again removes a drawing; an empty text removes a comment or glyph.
    s.toggle_arrow(a1, 0, 5).unwrap();
    s.toggle_circle(a1, 15).unwrap();
    s.set_glyph(a1, "").unwrap();
    s.set_comment(a1, "").unwrap();
    assert!(s.notes(a1).unwrap().is_empty());
    // The refusals say why.
    let e = |r: Result<(), ludus::Error>| r.unwrap_err().to_string();
    assert!(e(s.set_glyph(a1, "!!!")).contains("not a glyph"));
    assert!(e(s.set_glyph(0, "!")).contains("start"));
    assert!(e(s.toggle_circle(a1, 16)).contains("no cell 16"));
    assert!(e(s.toggle_arrow(a1, 3, 3)).contains("two different cells"));
    assert!(e(s.toggle_arrow(a1, 0, 99)).contains("no cell 99"));
    assert!(e(s.set_comment(77, "x")).contains("no step number 77"));
    assert!(e(s.set_comment(a1, &"x".repeat(MAX_COMMENT_CHARS + 1))).contains("too long"));
    assert!(e(s.set_comment(a1, "bell\u{7}")).contains("control character"));
    s.set_comment(a1, &"é".repeat(MAX_COMMENT_CHARS)).unwrap();
    // 16 circles and arrows up to the limit; one more is refused.
    let arrows = (0..16).flat_map(|a| (0..16).filter(move |&b| b != a).map(move |b| (a, b)));
    for cell in 0..16 {
        s.toggle_circle(a1, cell).unwrap();
    }
    for (a, b) in arrows.clone().take(MAX_DRAWINGS - 16) {
        s.toggle_arrow(a1, a, b).unwrap();
    }
    let (a, b) = arrows.clone().nth(MAX_DRAWINGS - 16).unwrap();
    assert!(e(s.toggle_arrow(a1, a, b)).contains("at most"));
    // Removing one still works when full.
    s.toggle_circle(a1, 0).unwrap();
}

/// The record and the link as they were made before the record was kept per revision:
/// written whole from the session, and packed in one block.
fn written_whole(s: &Session) -> (String, String) {
    let record = s.record().to_text();
    let link = ludus::session::pack::link_text(&record);
    (record, link)
}

/// Checks the record text, the link and the view against what they are written whole.
fn check_record(s: &Session, at: &str) {
    let (record, link) = written_whole(s);
    assert_eq!(s.record_text(), record, "{at}: the record");
    let mine = s.link_text();
    assert_eq!(
        Session::from_record(&mine).unwrap().record_text(),
        record,
        "{at}: the link reads back"
    );
    assert_eq!(
        mine.starts_with('~'),
        link.starts_with('~'),
        "{at}: packed as before"
    );
    assert_eq!(session_view(s).record, record, "{at}: the view's record");
}

#[test]
fn the_record_and_link_kept_per_revision_are_the_record_written_whole() {
    // Long enough to be packed in a link, in both forms.
    let mut s = Session::new(GameKind::Unravel, &OptionMap::new().with("size", "19")).unwrap();
    let mut rng = ludus::rng::Rng::new(7);
    while s.len() < 300 {
        let mut probe = s.current().clone();
        let Some(step) = probe.play_random(&mut rng) else {
            break;
        };
        s.play(&step).unwrap();
    }
    assert!(
        s.record_text().len() > 1_000,
        "a record long enough to pack"
    );
    check_record(&s, "the end of one line");
    for n in [0, 1, 57, s.len() - 1, s.len()] {
        s.go_to(n);
        check_record(&s, &format!("one line at {n}"));
    }
    // The tree form: a variation, then notes, moving about in between.
    s.go_to(30);
    let next = s.step_texts()[30].clone();
    let other = s
        .current()
        .legal_step_views()
        .into_iter()
        .map(|v| v.text)
        .find(|t| *t != next)
        .unwrap();
    s.play(&other).unwrap();
    let variation = s.shown_node();
    check_record(&s, "a variation's end");
    s.go_to(10);
    check_record(&s, "on the variation's line, before it");
    let end = s.line()[s.len()];
    s.set_comment(end, "A note; with {braces} and 100%")
        .unwrap();
    check_record(&s, "a comment");
    s.go_to_node(s.line()[5]).unwrap();
    check_record(&s, "back on the main line");
    s.go_to(s.len());
    check_record(&s, "the main line's end");
    s.set_glyph(s.shown_node(), "!?").unwrap();
    s.toggle_circle(s.shown_node(), 3).unwrap();
    check_record(&s, "a glyph and a circle");
    s.promote(variation).unwrap();
    check_record(&s, "promoted");
    s.delete_variation(variation).unwrap();
    check_record(&s, "deleted");
}

#[test]
fn a_view_asked_with_its_revision_leaves_out_what_only_a_change_of_the_game_changes() {
    let mut s = unravel(&["a1", "b1", "a2", "b2"]);
    let whole = session_view(&s);
    let revision = whole.revision;
    assert_eq!(whole.steps, ["a1", "b1", "a2", "b2"]);
    // Moving the cursor along the line is no new revision.
    for n in [0, 2, 4] {
        s.go_to(n);
        assert_eq!(s.revision(), revision);
    }
    s.go_to_node(s.line()[1]).unwrap();
    assert_eq!(s.revision(), revision, "going to a node on the line shown");
    s.play("b1").unwrap();
    assert_eq!(s.revision(), revision, "following the step the line has");
    let since = ludus::views::session_view_since(&s, Some(revision));
    assert!(since.tree.is_empty() && since.steps.is_empty() && since.line.is_empty());
    assert!(since.movers.is_empty() && since.step_kinds.is_empty() && since.step_colors.is_empty());
    let full = session_view(&s);
    assert_eq!(
        (
            since.cursor,
            since.node,
            &since.record,
            &since.board,
            &since.legal
        ),
        (
            full.cursor,
            full.node,
            &full.record,
            &full.board,
            &full.legal
        ),
        "the position's parts are all there"
    );
    assert_eq!(since.status, full.status);
    // Every change of the game, its notes or the line shown is a new revision.
    let mut seen = vec![revision];
    let mut changed = |s: &Session, what: &str| {
        assert!(!seen.contains(&s.revision()), "{what}: a new revision");
        seen.push(s.revision());
        let view = ludus::views::session_view_since(s, Some(seen[seen.len() - 2]));
        assert_eq!(
            view.tree.len(),
            s.tree_len() + 1,
            "{what}: the view is whole"
        );
    };
    s.play("d4").unwrap();
    changed(&s, "a variation");
    s.go_to_node(s.line()[2]).unwrap();
    s.go_to_node(node(&s, &["a1", "b1", "a2"])).unwrap();
    changed(&s, "another line shown");
    s.set_comment(0, "start").unwrap();
    changed(&s, "a comment");
    s.set_glyph(1, "!").unwrap();
    changed(&s, "a glyph");
    s.toggle_arrow(1, 0, 1).unwrap();
    changed(&s, "an arrow");
    s.toggle_circle(1, 2).unwrap();
    changed(&s, "a circle");
    let d4 = node(&s, &["a1", "b1", "d4"]);
    s.promote(d4).unwrap();
    changed(&s, "promoted");
    s.delete_variation(d4).unwrap();
    changed(&s, "deleted");
}

/// A Unity game whose line tried holds a line tried, `levels` deep (2 × levels steps): each
/// player slides a ring to and fro, the other's a5-a4 or i5-i4 being the step each deeper
/// line is played instead of.
fn nested_record(levels: usize) -> String {
    const CYCLE: [&str; 4] = ["a1-a2", "i1-i2", "a2-a1", "i2-i1"];
    let mut moves = String::from("a5-a4(");
    for k in 1..=levels {
        moves.push_str(CYCLE[(k - 1) % 4]);
        if k < levels {
            moves.push_str(if k % 2 == 1 { ",i5-i4(" } else { ",a5-a4(" });
        }
    }
    moves.push_str(&")".repeat(levels));
    let layout = format!("P...P{}O...O", ".".repeat(51));
    format!("unity;layout={layout};v=2;moves={moves}")
}

#[test]
fn a_line_tried_thousands_of_levels_deep_is_read_viewed_and_written_without_recursion() {
    // 4,999 levels: 9,998 steps, the deepest nest a game holds.
    let record = nested_record(4_999);
    let mut s = Session::from_record(&record).unwrap();
    assert_eq!(s.tree_len(), 9_998);
    assert_eq!(s.record_text(), record);
    let view = session_view(&s);
    assert_eq!(view.tree.len(), 9_999);
    // What the wasm layer hands to the page: the view as JSON.
    let json = serde_json::to_string(&view).unwrap();
    assert!(json.len() > record.len());
    // The deepest step: shown, then its line written, linked and read back.
    let deepest = view.tree.iter().max_by_key(|n| n.ply).unwrap().id;
    s.go_to_node(deepest).unwrap();
    assert_eq!(s.cursor(), 4_999);
    let link = s.link_text();
    assert!(
        link.starts_with('~') && link.len() < 1_000,
        "{}",
        link.len()
    );
    let back = Session::from_record(&link).unwrap();
    assert_eq!(back.record_text(), s.record_text());
    assert_eq!(back.cursor(), 4_999);
    let text = s.to_text(&[]).unwrap();
    assert_eq!(
        Session::from_text(&text).unwrap().0.record_text(),
        s.record_text()
    );
}
