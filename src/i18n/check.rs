//! The two languages hold the same messages: each message file parses, every message (and each
//! of its attributes) exists in both languages, and uses the same variables in both (a variable
//! one language forgets is a word its reader never sees; one it invents is never given).
//! Terms (`-bateau`) are each language's own and are not compared.

use super::{AREAS, Locale, source};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

/// What a message file says, per message id: its attributes, and the variables its value and
/// each attribute use (key `""` for the value).
type Shape = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn shape(text: &str) -> Result<Shape, String> {
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, errors)| format!("does not parse: {errors:?}"))?;
    let mut out = Shape::new();
    for entry in &resource.body {
        match entry {
            ast::Entry::Message(m) => {
                let parts = out.entry(m.id.name.to_string()).or_default();
                if let Some(value) = &m.value {
                    parts.insert(String::new(), variables(value));
                }
                for a in &m.attributes {
                    parts.insert(format!(".{}", a.id.name), variables(&a.value));
                }
            }
            ast::Entry::Junk { content } => return Err(format!("does not parse: {content:?}")),
            _ => {}
        }
    }
    Ok(out)
}

fn variables(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    in_pattern(pattern, &mut out);
    out
}

fn in_pattern(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            in_expression(expression, out);
        }
    }
}

fn in_expression(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            in_inline(selector, out);
            for v in variants {
                in_pattern(&v.value, out);
            }
        }
        ast::Expression::Inline(inline) => in_inline(inline, out),
    }
}

fn in_inline(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => in_arguments(arguments, out),
        ast::InlineExpression::TermReference { arguments: Some(arguments), .. } => in_arguments(arguments, out),
        ast::InlineExpression::Placeable { expression } => in_expression(expression, out),
        _ => {}
    }
}

fn in_arguments(arguments: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
    for p in &arguments.positional {
        in_inline(p, out);
    }
    for n in &arguments.named {
        in_inline(&n.value, out);
    }
}

/// What differs between two languages' versions of one message file, one line per problem
/// (empty when they agree).
pub fn compare(area: &str, en: &str, fr: &str) -> Vec<String> {
    let (en, fr) = match (shape(en), shape(fr)) {
        (Ok(en), Ok(fr)) => (en, fr),
        (en, fr) => {
            return [("en", en.err()), ("fr", fr.err())]
                .into_iter()
                .filter_map(|(lang, e)| e.map(|e| format!("{lang}/{area}.ftl {e}")))
                .collect();
        }
    };
    let mut problems = Vec::new();
    for (id, parts) in &en {
        let Some(other) = fr.get(id) else {
            problems.push(format!("{area}: `{id}` is in English only"));
            continue;
        };
        for (part, vars) in parts {
            match other.get(part) {
                None => problems.push(format!("{area}: `{id}{part}` is in English only")),
                Some(v) if v != vars => {
                    problems.push(format!("{area}: `{id}{part}` uses {vars:?} in English but {v:?} in French"));
                }
                Some(_) => {}
            }
        }
        for part in other.keys().filter(|p| !parts.contains_key(*p)) {
            problems.push(format!("{area}: `{id}{part}` is in French only"));
        }
    }
    for id in fr.keys().filter(|id| !en.contains_key(*id)) {
        problems.push(format!("{area}: `{id}` is in French only"));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_french_hold_the_same_messages_with_the_same_variables() {
        let mut problems = Vec::new();
        for area in AREAS {
            let en = source(Locale::En, area).expect("an area");
            let fr = source(Locale::Fr, area).expect("an area");
            problems.extend(compare(area, en, fr));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_message_in_one_language_only_is_found() {
        let problems = compare("t", "a = A\nb = B\n", "a = A'\n");
        assert_eq!(problems, ["t: `b` is in English only"]);
        let problems = compare("t", "a = A\n", "a = A'\nc = C\n");
        assert_eq!(problems, ["t: `c` is in French only"]);
        let problems = compare("t", "a = A\n    .description = D\n", "a = A'\n");
        assert_eq!(problems, ["t: `a.description` is in English only"]);
    }

    #[test]
    fn a_variable_the_other_language_does_not_use_is_found() {
        let problems = compare("t", "a = { $n } tiles\n", "a = des tuiles\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("`a`"), "{problems:?}");
        // Inside a selection's variants too.
        let en = "a = { $n ->\n    [one] one tile\n   *[other] { $n } tiles\n}\n";
        let fr = "a = { $n ->\n    [one] une tuile de { $who }\n   *[other] { $n } tuiles\n}\n";
        assert_eq!(compare("t", en, fr).len(), 1);
    }

    #[test]
    fn a_file_that_does_not_parse_is_found() {
        let problems = compare("t", "a = A\n", "a = { $n\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].starts_with("fr/t.ftl does not parse"), "{problems:?}");
    }

    #[test]
    fn terms_are_each_languages_own() {
        let fr = "-bateau = bateau\n    .gender = masculine\na = { -bateau }\n";
        assert!(compare("t", "a = ship\n", fr).is_empty());
    }
}
