//! The layer rule of ARCHITECTURE.md, checked on every `cargo test` (as rust-analyzer's
//! `tidy.rs` checks its own): which folders of `src/` may use which, and no import cycles
//! between files. A back-pointing import fails here at once, naming the file and the path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each part of `src/` and its layer, lowest first; the longest matching prefix decides. A
/// file may use what sits at its own layer or below, never above. A game's room is a slice
/// through the layers: its slash commands sit with the Discord layer (`ROOM_COMMANDS_LAYER`).
const LAYERS: &[(&str, u8)] = &[
    ("src/kinds.rs", 0),
    ("src/i18n/", 0),
    ("src/store/", 1),
    ("src/draw/", 1),
    ("src/common/", 2),
    ("src/games/", 3),
    ("src/service/", 4),
    ("src/discord/", 5),
    ("src/web/", 5),
    ("src/config.rs", 6),
    ("src/cli/", 6),
    ("src/lib.rs", 7),
    ("src/main.rs", 7),
];

/// A game's room is a slice through the layers: its slash commands (`src/games/ROOM/commands.rs`,
/// whatever the room) sit with the Discord layer.
const ROOM_COMMANDS_LAYER: u8 = 5;

fn layer_of(file: &str) -> u8 {
    if file.strip_prefix("src/games/").and_then(|rest| rest.split_once('/')).is_some_and(|(_, name)| name == "commands.rs") {
        return ROOM_COMMANDS_LAYER;
    }
    LAYERS
        .iter()
        .filter(|(prefix, _)| file.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|&(_, layer)| layer)
        .unwrap_or_else(|| panic!("{file} is in no layer: add it to LAYERS in tests/it/code/layers.rs and to ARCHITECTURE.md"))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Every `.rs` file under `src/`, as a path relative to the package (`src/service/mod.rs`).
fn sources() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join("src"), &mut files);
    let mut names: Vec<String> =
        files.iter().map(|p| p.strip_prefix(root()).expect("under the package").to_string_lossy().replace('\\', "/")).collect();
    names.sort();
    names
}

/// The module path of a file: `src/service/mod.rs` → `["service"]`, `src/service/steps.rs` →
/// `["service", "steps"]`, `src/lib.rs` → `[]`.
fn module_of(file: &str) -> Vec<String> {
    let inner = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut parts: Vec<String> = inner.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file that defines the longest prefix of `path` (a module path from the crate root).
fn file_of(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    (1..=path.len()).rev().find_map(|n| {
        let base = format!("src/{}", path[..n].join("/"));
        [format!("{base}.rs"), format!("{base}/mod.rs")].into_iter().find(|f| files.contains(f))
    })
}

/// The code of a file without comments and without its `#[cfg(test)]` items (tests may reach
/// anywhere in the crate): a test module declared early (`#[cfg(test)] mod tests;`) leaves the
/// rest of the file in, and an inline one (`mod tests { … }`) goes to its closing brace.
fn code_of(text: &str) -> String {
    let code: String = text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut out = String::with_capacity(code.len());
    let mut rest = code.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        // The item ends at its `;` (a declaration, a `use`) or at the brace closing its block.
        let end = match (item.find(';'), item.find('{')) {
            (Some(semi), Some(open)) if semi < open => semi + 1,
            (Some(semi), None) => semi + 1,
            (_, Some(open)) => {
                let mut depth = 0usize;
                let mut close = item.len();
                for (k, c) in item[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                close = open + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                close
            }
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The crate paths a file's code names (`crate::a::b`, `super::a`, `self::a`), resolved to the
/// files that define them. Paths inside `use … {…}` groups are joined to their prefix.
fn imports(file: &str, text: &str, files: &BTreeSet<String>) -> BTreeSet<String> {
    let module = module_of(file);
    let code = code_of(text);
    let mut out = BTreeSet::new();
    let bytes: Vec<char> = code.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < bytes.len() {
        // A path starts at `crate`, `super` or `self` not preceded by an identifier character.
        let starts = ["crate", "super", "self"].into_iter().find(|w| {
            let w: Vec<char> = w.chars().collect();
            bytes[i..].starts_with(&w) && (i == 0 || !ident(bytes[i - 1]) && bytes[i - 1] != ':') && bytes.get(i + w.len()) == Some(&':')
        });
        let Some(start) = starts else {
            i += 1;
            continue;
        };
        // Read `seg::seg::…` up to the first character that is no part of a path.
        let mut j = i;
        let mut segments = Vec::new();
        let mut current = String::new();
        while j < bytes.len() {
            let c = bytes[j];
            if ident(c) {
                current.push(c);
                j += 1;
            } else if c == ':' && bytes.get(j + 1) == Some(&':') {
                segments.push(std::mem::take(&mut current));
                j += 2;
            } else {
                break;
            }
        }
        if !current.is_empty() {
            segments.push(current);
        }
        // A group `crate::a::{b, c::d}`: each member joined to the prefix.
        let mut paths = vec![segments.clone()];
        if bytes.get(j) == Some(&'{') {
            let close = (j..bytes.len()).find(|&k| bytes[k] == '}').unwrap_or(bytes.len());
            let group: String = bytes[j + 1..close].iter().collect();
            paths = group
                .split(',')
                .map(|m| m.trim())
                .filter(|m| !m.is_empty())
                .map(|m| {
                    let mut p = segments.clone();
                    p.extend(m.split(" as ").next().unwrap_or("").split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));
                    p
                })
                .collect();
        }
        for path in paths {
            let mut absolute: Vec<String> = Vec::new();
            let mut rest = path.as_slice();
            match start {
                "crate" => rest = &rest[1..],
                _ => {
                    absolute = module.clone();
                    while let Some(first) = rest.first() {
                        match first.as_str() {
                            "super" => {
                                absolute.pop();
                            }
                            "self" => {}
                            _ => break,
                        }
                        rest = &rest[1..];
                    }
                }
            }
            absolute.extend(rest.iter().cloned());
            if let Some(target) = file_of(&absolute, files).filter(|t| t != file) {
                out.insert(target);
            }
        }
        i = j.max(i + 1);
    }
    out
}

/// Whether one file is the parent module (`mod.rs`) of the other's folder: a parent gathers
/// and re-exports its children, and children use what it gathers; neither is a layer crossing.
fn parent_and_child(a: &str, b: &str) -> bool {
    let folder_of_mod = |f: &str| f.strip_suffix("mod.rs").map(str::to_string);
    let inside = |child: &str, parent: &str| folder_of_mod(parent).is_some_and(|dir| child.starts_with(&dir) && child != parent);
    inside(a, b) || inside(b, a) || (a == "src/lib.rs" || b == "src/lib.rs")
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources().into_iter().collect();
    files
        .iter()
        .filter(|f| !f.ends_with("/tests.rs"))
        .map(|f| {
            let text = std::fs::read_to_string(root().join(f)).expect("read source");
            (f.clone(), imports(f, &text, &files))
        })
        .collect()
}

#[test]
fn imports_point_down_the_layers_only() {
    let mut wrong = Vec::new();
    for (file, targets) in graph() {
        for target in targets {
            if layer_of(&target) > layer_of(&file) && !parent_and_child(&file, &target) {
                wrong.push(format!("{file} (layer {}) uses {target} (layer {})", layer_of(&file), layer_of(&target)));
            }
        }
    }
    assert!(wrong.is_empty(), "imports that point up the layers of ARCHITECTURE.md:\n{}", wrong.join("\n"));
}

#[test]
fn no_file_imports_itself_through_others() {
    let graph = graph();
    // Edges between a parent module and its children are how Rust modules are built, not
    // cycles of dependency: left out.
    let edges = |f: &str| -> Vec<String> { graph.get(f).into_iter().flatten().filter(|t| !parent_and_child(f, t)).cloned().collect() };
    // Depth-first search; a node met again while still on the path closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    let mut marks: BTreeMap<String, Mark> = BTreeMap::new();
    let mut cycles = Vec::new();
    fn visit(
        f: &str,
        edges: &dyn Fn(&str) -> Vec<String>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
        cycles: &mut Vec<String>,
    ) {
        marks.insert(f.to_string(), Mark::Open);
        path.push(f.to_string());
        for t in edges(f) {
            match marks.get(&t) {
                Some(Mark::Open) => {
                    let from = path.iter().position(|p| *p == t).unwrap_or(0);
                    cycles.push(format!("{} -> {t}", path[from..].join(" -> ")));
                }
                Some(Mark::Done) => {}
                None => visit(&t, edges, marks, path, cycles),
            }
        }
        path.pop();
        marks.insert(f.to_string(), Mark::Done);
    }
    for f in graph.keys() {
        if !marks.contains_key(f) {
            visit(f, &edges, &mut marks, &mut Vec::new(), &mut cycles);
        }
    }
    assert!(cycles.is_empty(), "import cycles between files of src/:\n{}", cycles.join("\n"));
}

#[test]
fn the_layer_check_sees_a_back_pointing_import() {
    // The checker itself: a store file that used the service would be found.
    let files: BTreeSet<String> = sources().into_iter().collect();
    let found = imports("src/store/mod.rs", "use crate::service::steps::x;\nuse self::due::{a, b};", &files);
    assert!(found.contains("src/service/steps.rs"), "{found:?}");
    assert!(found.contains("src/store/due.rs"), "{found:?}");
    assert!(layer_of("src/service/steps.rs") > layer_of("src/store/mod.rs"));
    let grouped = imports("src/discord/mod.rs", "use crate::{games::southseas::commands, store::due};", &files);
    assert!(grouped.contains("src/games/southseas/commands.rs") && grouped.contains("src/store/due.rs"), "{grouped:?}");
    // The whole file is read: a test module declared early hides nothing after it, an inline
    // one (and any other test-only item) is left out to its end.
    let early = "#[cfg(test)]\nmod tests;\nuse crate::service::steps::x;\n";
    assert!(imports("src/store/mod.rs", early, &files).contains("src/service/steps.rs"), "after an early test module");
    let inline = "#[cfg(test)]\nmod tests {\n    fn f() { if true { crate::service::steps::x(); } }\n}\nuse crate::service::lobby::y;\n";
    let seen = imports("src/store/mod.rs", inline, &files);
    assert!(!seen.contains("src/service/steps.rs") && seen.contains("src/service/lobby.rs"), "{seen:?}");
    let test_only = "#[cfg(test)]\nuse crate::service::steps::x;\nuse crate::service::lobby::y;\n";
    let seen = imports("src/store/mod.rs", test_only, &files);
    assert!(!seen.contains("src/service/steps.rs") && seen.contains("src/service/lobby.rs"), "{seen:?}");
}

/// The files outside its room that a new game adds itself to (ARCHITECTURE.md, "How to add a
/// game"), besides `Cargo.toml` (its engine crate): the closed lists of games. Nothing else
/// in `src/` names a game but its own room, the command-line tools (`src/cli/`, `src/main.rs`:
/// a game's own tools are optional) and tests.
const GAME_LISTS: [&str; 4] = ["src/kinds.rs", "src/games/mod.rs", "src/i18n/mod.rs", "src/discord/commands/mod.rs"];

/// Whether a file is left out of the count for the game whose room is `room`: its own room,
/// the command-line tools and test files (test items inside other files are left out by
/// `code_of`).
fn outside_the_count(file: &str, room: &str) -> bool {
    file.starts_with(&format!("src/games/{room}/")) || file.starts_with("src/cli/") || file == "src/main.rs" || file.ends_with("tests.rs")
}

/// Whether `code` names the game stored as `room` (`seafarers`) whose variant is `variant`
/// (`Seafarers`): a path into its room or engine (`seafarers::`, `seafarers_engine`), its
/// stored name as a string (`"seafarers"`), or a name that starts with its variant
/// (`GameKind::Seafarers`, `SeafarersOptions`, the words "Catan: Seafarers").
fn names_game(code: &str, room: &str, variant: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let starts_a_name = code.match_indices(variant).any(|(at, _)| !code[..at].chars().next_back().is_some_and(ident));
    starts_a_name || [format!("{room}::"), format!("{room}_engine"), format!("\"{room}\"")].iter().any(|needle| code.contains(needle))
}

#[test]
fn a_game_is_named_outside_its_room_only_in_the_lists_of_games() {
    let mut wrong = Vec::new();
    for kind in southseas::kinds::GameKind::ALL {
        let (room, variant) = (kind.as_str(), format!("{kind:?}"));
        for file in sources() {
            let text = std::fs::read_to_string(root().join(&file)).expect("read source");
            let named = names_game(&code_of(&text), room, &variant);
            if named && !outside_the_count(&file, room) && !GAME_LISTS.contains(&file.as_str()) {
                wrong.push(format!("{file} names {variant}"));
            }
            // The list is exact: each of its files names every game.
            if GAME_LISTS.contains(&file.as_str()) && !named {
                wrong.push(format!("{file} is listed but names no {variant}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a game named outside its room and the lists of games (move it into the room, or list the file in GAME_LISTS and ARCHITECTURE.md's \"How to add a game\"):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_game_check_sees_a_new_file_naming_a_game() {
    // A host file that names a game, however, is seen; comments and tests are not.
    for code in [
        "use crate::games::seafarers::SeafarersOptions;",
        "match kind { GameKind::Seafarers => 1, _ => 0 }",
        "fn f(a: seafarers_engine::Action) {}",
        "const AREAS: [&str; 1] = [\"seafarers\"];",
        "#[description = \"Catan: Seafarers: which scenario\"]",
        "use super::seafarers::commands as room;",
    ] {
        assert!(names_game(&code_of(code), "seafarers", "Seafarers"), "{code}");
    }
    for code in [
        "// Catan: Seafarers, GameKind::Seafarers\nfn f() {}",
        "#[cfg(test)]\nmod tests {\n    use crate::games::seafarers::Seafarers;\n}\n",
        "let overseafarers = 1; let x = \"seafarers-post\";",
    ] {
        assert!(!names_game(&code_of(code), "seafarers", "Seafarers"), "{code}");
    }
    // Where it is seen: outside its room, the tools and tests.
    assert!(!outside_the_count("src/service/lobby.rs", "seafarers"));
    assert!(!outside_the_count("src/games/southseas/commands.rs", "seafarers"));
    assert!(outside_the_count("src/games/seafarers/rules.rs", "seafarers"));
    assert!(outside_the_count("src/cli/demo.rs", "seafarers") && outside_the_count("src/web/tests.rs", "seafarers"));
    // And a room's commands sit with the Discord layer, whatever the room.
    assert_eq!(layer_of("src/games/atlantis/commands.rs"), ROOM_COMMANDS_LAYER);
    assert_eq!(layer_of("src/games/atlantis/rules.rs"), layer_of("src/games/mod.rs"));
}
