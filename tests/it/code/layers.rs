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

/// The file that defines the longest prefix of `path` (a module path from the crate root), and
/// how many of its segments that prefix holds.
fn module_file(path: &[String], files: &BTreeSet<String>) -> Option<(String, usize)> {
    (1..=path.len()).rev().find_map(|n| {
        let base = format!("src/{}", path[..n].join("/"));
        [format!("{base}.rs"), format!("{base}/mod.rs")].into_iter().find(|f| files.contains(f)).map(|f| (f, n))
    })
}

/// The file that defines the longest prefix of `path` (a module path from the crate root).
fn file_of(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    module_file(path, files).map(|(f, _)| f)
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
            (_, Some(open)) => open + closing_brace(&item[open..]).unwrap_or(item.len() - open - 1) + 1,
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Where the brace opening `text` closes (a byte offset into `text`).
fn closing_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The modules a file declares as its children (`mod a;`, `pub(crate) mod b;`): code names
/// them bare (`a::f()`, `use b::X`).
fn children_of(code: &str) -> Vec<String> {
    code.match_indices("mod ")
        .filter(|(at, _)| !code[..*at].chars().next_back().is_some_and(is_ident))
        .filter_map(|(at, _)| {
            let rest = code[at + 4..].trim_start();
            let name: String = rest.chars().take_while(|c| is_ident(*c)).collect();
            (!name.is_empty() && rest[name.len()..].trim_start().starts_with(';')).then_some(name)
        })
        .collect()
}

/// A use tree (`a::b`, `a::{b, c::{d as e}}`, `self`) with its prefix: each leaf path, and the
/// name it binds (its alias, or its last segment).
fn expand(prefix: &[String], tree: &str) -> Vec<(Vec<String>, String)> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut path = prefix.to_vec();
        path.extend(tree[..open].split("::").map(str::trim).filter(|s| !s.is_empty()).map(str::to_string));
        let close = closing_brace(&tree[open..]).map_or(tree.len(), |c| open + c);
        let inner = &tree[open + 1..close];
        // Members split at the commas outside any inner group.
        let (mut depth, mut from, mut members) = (0usize, 0usize, Vec::new());
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    members.push(&inner[from..k]);
                    from = k + 1;
                }
                _ => {}
            }
        }
        members.push(&inner[from..]);
        return members.into_iter().filter(|m| !m.trim().is_empty()).flat_map(|m| expand(&path, m)).collect();
    }
    let (path, alias) = match tree.split_once(" as ") {
        Some((path, alias)) => (path, Some(alias.trim().to_string())),
        None => (tree, None),
    };
    let mut full = prefix.to_vec();
    full.extend(path.split("::").map(str::trim).filter(|s| !s.is_empty() && *s != "self").map(str::to_string));
    let name = alias.or_else(|| full.last().cloned()).unwrap_or_default();
    vec![(full, name)]
}

/// A crate path a file's code names, from the crate root.
struct Named {
    path: Vec<String>,
    /// Named by a `use` (the name it binds there), not in the code's body.
    bound: Option<String>,
    /// Named by a `pub use` (any `pub(…)`): handed on to others, not used here.
    reexport: bool,
}

/// Every crate path a file's code names: from `crate::`, `super::`, `self::` and the file's
/// own child modules (`child::f()`), `use … {…}` groups joined to their prefix.
fn named(file: &str, text: &str) -> Vec<Named> {
    let module = module_of(file);
    let code = code_of(text);
    let children = children_of(&code);
    // The `use` items: where each begins and ends, and whether it is a re-export.
    let uses: Vec<(usize, usize, bool)> = code
        .match_indices("use ")
        .filter(|(at, _)| !code[..*at].chars().next_back().is_some_and(|c| is_ident(c) || c == '#'))
        .map(|(at, _)| {
            let end = code[at..].find(';').map_or(code.len(), |e| at + e);
            let before = code[..at].trim_end();
            let reexport =
                before.ends_with("pub") || (before.ends_with(')') && before.rfind("pub(").is_some_and(|p| !before[p..].contains('\n')));
            (at, end, reexport)
        })
        .collect();
    // Inline modules (`mod icons { … }`): a path inside one starts from it.
    let inline: Vec<(usize, usize, String)> = code
        .match_indices("mod ")
        .filter(|(at, _)| !code[..*at].chars().next_back().is_some_and(is_ident))
        .filter_map(|(at, _)| {
            let rest = &code[at + 4..];
            let name: String = rest.trim_start().chars().take_while(|c| is_ident(*c)).collect();
            let open = at + 4 + rest.find(|c: char| !c.is_whitespace())? + name.len();
            let open = open + code[open..].find(|c: char| !c.is_whitespace())?;
            (!name.is_empty() && code[open..].starts_with('{'))
                .then(|| (open, open + closing_brace(&code[open..]).unwrap_or(code.len() - open), name))
        })
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let boundary = !code[..i].chars().next_back().is_some_and(|c| is_ident(c) || c == ':');
        let start = ["crate", "super", "self"]
            .into_iter()
            .chain(children.iter().map(String::as_str))
            .find(|w| boundary && rest.starts_with(w) && rest[w.len()..].starts_with("::"));
        let Some(start) = start else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        // The path, through its group if it ends in one.
        let mut end = i + rest.find(|c: char| !(is_ident(c) || c == ':')).unwrap_or(rest.len());
        if code[end..].starts_with('{') {
            end += closing_brace(&code[end..]).map_or(code.len() - end, |c| c + 1);
        }
        let mut tree = code[i..end].to_string();
        let within = uses.iter().find(|(from, to, _)| *from < i && i < *to);
        if let Some(alias) = code[end..].strip_prefix(" as ").filter(|_| within.is_some()) {
            tree = format!("{tree} as {}", alias.chars().take_while(|c| is_ident(*c)).collect::<String>());
        }
        for (path, name) in expand(&[], &tree) {
            let mut absolute: Vec<String> = Vec::new();
            let mut segments = path.as_slice();
            if start == "crate" {
                segments = &segments[1..];
            } else {
                absolute = module.clone();
                absolute.extend(inline.iter().filter(|(from, to, _)| *from < i && i < *to).map(|(_, _, name)| name.clone()));
                while let Some(first) = segments.first() {
                    match first.as_str() {
                        "super" => {
                            absolute.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    segments = &segments[1..];
                }
            }
            absolute.extend(segments.iter().cloned());
            out.push(Named { path: absolute, bound: within.map(|_| name), reexport: within.is_some_and(|(_, _, r)| *r) });
        }
        i = end.max(i + 1);
    }
    out
}

/// The files a file's code names (re-exports included), for the layer rule.
fn imports(file: &str, text: &str, files: &BTreeSet<String>) -> BTreeSet<String> {
    named(file, text).iter().filter_map(|n| file_of(&n.path, files)).filter(|t| t != file).collect()
}

/// What each file's `use` items bind: a name → the path it stands for.
type Bindings = BTreeMap<String, BTreeMap<String, Vec<String>>>;

/// The file that defines what `path` names: a name a module only imports (`use`, `pub use`)
/// is followed to where it is defined, so a child that takes `super::f` from a parent that
/// re-exports `f` from elsewhere uses that elsewhere, not its parent.
fn defined_in(path: &[String], files: &BTreeSet<String>, bindings: &Bindings, depth: usize) -> Option<String> {
    let (file, n) = module_file(path, files)?;
    let followed = path.get(n).and_then(|name| bindings.get(&file)?.get(name)).filter(|_| depth < 8).and_then(|bound| {
        let mut further = bound.clone();
        further.extend(path[n + 1..].iter().cloned());
        defined_in(&further, files, bindings, depth + 1)
    });
    Some(followed.unwrap_or(file))
}

/// The files each file depends on, for the cycle rule: what its code uses, each name followed
/// to the file that defines it; what it only re-exports does not count. A parent's use of
/// its child's items counts, and a child's of its parent's (`mod a;` itself does not).
fn uses(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let named: BTreeMap<&String, Vec<Named>> = sources.iter().map(|(f, text)| (f, named(f, text))).collect();
    let bindings: Bindings = named
        .iter()
        .map(|(f, names)| ((*f).clone(), names.iter().filter_map(|n| Some((n.bound.clone()?, n.path.clone()))).collect()))
        .collect();
    named
        .iter()
        .map(|(f, names)| {
            let targets = names
                .iter()
                .filter(|n| !n.reexport)
                .filter_map(|n| defined_in(&n.path, &files, &bindings, 0))
                .filter(|t| t != *f)
                .collect();
            ((*f).clone(), targets)
        })
        .collect()
}

/// The cycles of a graph of files, each as `a -> b -> a`.
fn cycles_in(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    // Depth-first search; a node met again while still on the path closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        f: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
        cycles: &mut Vec<String>,
    ) {
        marks.insert(f.to_string(), Mark::Open);
        path.push(f.to_string());
        for t in graph.get(f).into_iter().flatten() {
            match marks.get(t) {
                Some(Mark::Open) => {
                    let from = path.iter().position(|p| p == t).unwrap_or(0);
                    cycles.push(format!("{} -> {t}", path[from..].join(" -> ")));
                }
                Some(Mark::Done) => {}
                None => visit(t, graph, marks, path, cycles),
            }
        }
        path.pop();
        marks.insert(f.to_string(), Mark::Done);
    }
    let mut marks = BTreeMap::new();
    let mut cycles = Vec::new();
    for f in graph.keys() {
        if !marks.contains_key(f) {
            visit(f, graph, &mut marks, &mut Vec::new(), &mut cycles);
        }
    }
    cycles
}

/// Whether one file is the parent module (`mod.rs`) of the other's folder: a parent gathers
/// and re-exports its children, and children use what it gathers; neither is a layer crossing.
fn parent_and_child(a: &str, b: &str) -> bool {
    let folder_of_mod = |f: &str| f.strip_suffix("mod.rs").map(str::to_string);
    let inside = |child: &str, parent: &str| folder_of_mod(parent).is_some_and(|dir| child.starts_with(&dir) && child != parent);
    inside(a, b) || inside(b, a) || (a == "src/lib.rs" || b == "src/lib.rs")
}

/// Every source file of `src/` but test files, with its text.
fn texts() -> BTreeMap<String, String> {
    sources()
        .into_iter()
        .filter(|f| !f.ends_with("/tests.rs"))
        .map(|f| {
            let text = std::fs::read_to_string(root().join(&f)).expect("read source");
            (f, text)
        })
        .collect()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources().into_iter().collect();
    texts().iter().map(|(f, text)| (f.clone(), imports(f, text, &files))).collect()
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
    // Parents and children count too: a `mod.rs` that calls its child while the child calls
    // back into it is a cycle like any other (what a parent only re-exports is not a use).
    let cycles = cycles_in(&uses(&texts()));
    assert!(cycles.is_empty(), "import cycles between files of src/ ({}):\n{}", cycles.len(), cycles.join("\n"));
}

#[test]
fn the_cycle_check_counts_a_parent_and_its_children() {
    let crate_of =
        |files: &[(&str, &str)]| -> BTreeMap<String, String> { files.iter().map(|(f, t)| (f.to_string(), t.to_string())).collect() };
    let sources = crate_of(&[
        ("src/lib.rs", "pub mod a;\npub mod d;\n"),
        // A parent that gathers (re-exports) and one that calls its child.
        ("src/a/mod.rs", "mod b;\nmod c;\npub(crate) use crate::d::helper;\npub use b::Thing;\npub fn run() { c::go(); }\n"),
        // Takes `helper` through its parent: a use of `d`, where it is defined.
        // (Its inline module's `super` is the file itself.)
        ("src/a/b.rs", "use super::helper;\npub struct Thing;\nfn local() {}\nmod inner {\n    fn f() { super::local(); }\n}\n"),
        // Calls back into its parent: a cycle.
        ("src/a/c.rs", "pub fn go() { super::run(); }\n"),
        ("src/d.rs", "pub fn helper() {}\n"),
    ]);
    let graph = uses(&sources);
    let of = |f: &str| graph[f].iter().cloned().collect::<Vec<_>>();
    assert_eq!(of("src/a/b.rs"), ["src/d.rs"], "a name followed through its parent's re-export");
    assert_eq!(of("src/a/mod.rs"), ["src/a/c.rs"], "a parent's call of its child counts; its re-exports do not");
    assert_eq!(of("src/a/c.rs"), ["src/a/mod.rs"]);
    assert_eq!(of("src/lib.rs"), Vec::<String>::new(), "declaring a module is no use of it");
    assert_eq!(cycles_in(&graph), ["src/a/c.rs -> src/a/mod.rs -> src/a/c.rs"]);
    // Groups, nested ones and aliases bind their names.
    let names: Vec<(Vec<String>, String)> = expand(&[], "crate::x::{y, z::{w as v, self}}");
    let flat: Vec<String> = names.iter().map(|(p, n)| format!("{}={n}", p.join("::"))).collect();
    assert_eq!(flat, ["crate::x::y=y", "crate::x::z::w=v", "crate::x::z=z"]);
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
