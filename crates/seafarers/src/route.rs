//! Longest trade route: the longest trail (each edge used once; intersections may repeat) of one
//! player's roads and ships, that never passes through an intersection with an opponent's
//! building (it may end there) and switches between road and ship only at the player's own
//! settlement or city.

use crate::game::{Game, RouteKind};
use crate::map::NONE;

/// A player has at most 15 roads + 15 ships, so a `u32` marks the edges used.
const MAX_EDGES: usize = 32;

pub(crate) fn longest_route(game: &Game, p: u8) -> u8 {
    let (topo, routes, buildings) = game.route_data();
    let mut mine: Vec<(u16, RouteKind)> = Vec::with_capacity(MAX_EDGES);
    for (e, r) in routes.iter().enumerate() {
        if let Some(r) = r.filter(|r| r.owner == p) {
            mine.push((e as u16, r.kind));
        }
    }
    if mine.is_empty() {
        return 0;
    }
    debug_assert!(mine.len() <= MAX_EDGES);
    let local = |e: u16| mine.iter().position(|m| m.0 == e);
    // Per own edge: for each end, the own edges at that end (local indices).
    let ends: Vec<[(u16, Vec<usize>); 2]> = mine
        .iter()
        .map(|&(e, _)| {
            topo.edge_vertices[e as usize].map(|v| {
                let next = topo.vertex_edges[v as usize].iter().filter(|&&x| x != NONE && x != e).filter_map(|&x| local(x)).collect();
                (v, next)
            })
        })
        .collect();
    let blocked = |v: u16| buildings[v as usize].is_some_and(|b| b.owner != p);
    let own = |v: u16| buildings[v as usize].is_some_and(|b| b.owner == p);

    struct Ctx<'a> {
        mine: &'a [(u16, RouteKind)],
        ends: &'a [[(u16, Vec<usize>); 2]],
    }
    /// Having just walked edge `i` towards its end `end`, the longest continuation.
    fn walk(ctx: &Ctx, i: usize, end: usize, used: u32, blocked: &dyn Fn(u16) -> bool, own: &dyn Fn(u16) -> bool) -> u32 {
        let (v, next) = &ctx.ends[i][end];
        if blocked(*v) {
            return 0;
        }
        let kind = ctx.mine[i].1;
        let mut best = 0;
        for &j in next {
            if used & (1 << j) != 0 || (ctx.mine[j].1 != kind && !own(*v)) {
                continue;
            }
            // Leave edge j by its end that is not v.
            let far = if ctx.ends[j][0].0 == *v { 1 } else { 0 };
            best = best.max(1 + walk(ctx, j, far, used | (1 << j), blocked, own));
        }
        best
    }
    let ctx = Ctx { mine: &mine, ends: &ends };
    let mut best = 0;
    for i in 0..mine.len() {
        for end in 0..2 {
            best = best.max(1 + walk(&ctx, i, end, 1 << i, &blocked, &own));
        }
    }
    best.min(255) as u8
}
