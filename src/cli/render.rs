//! `southseas render`: write the board PNG (and the drawn tile) of a scenario file or of a
//! simulated game at a chosen turn, so anyone can look.

use crate::games::southseas::render::{BoardView, board_image, drawn_tile_png, encode_png, phone_image, remaining_tiles_image};
use anyhow::{Context, Result, bail};
use southseas_engine::scenario::Scenario;
use southseas_engine::{Bot, Game, Options, Phase, Setup, Strategy};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Clone, Debug)]
pub struct RenderArgs {
    /// A scenario file (see README: Scenario files); its final state is drawn.
    #[arg(long, conflicts_with_all = ["seed", "turn"])]
    pub scenario: Option<PathBuf>,
    /// Seed of a simulated game (the same games as `southseas sim --seed S`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Players in the simulated game (2 to 5).
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Stop the simulated game when this turn starts (its tile drawn); past the end: the final board.
    #[arg(long)]
    pub turn: Option<u32>,
    /// Computer player: a strength (easy, medium, hard), hard:PLAYOUTS, greedy or random.
    #[arg(long, default_value = "greedy")]
    pub ai: Strategy,
    /// Player names, comma-separated, in seat order.
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,
    /// Highlight the tiles placed since this turn.
    #[arg(long)]
    pub since: Option<u32>,
    /// Hide the open spots for the drawn tile.
    #[arg(long)]
    pub no_spots: bool,
    /// Which picture: `full` (the whole board and its panel, what `/board` shows; the drawn
    /// tile goes next to it as NAME-tile.png), `phone` (the turn message's picture) or `tiles`
    /// (the tiles still to come, what `/tiles` shows).
    #[arg(long, value_enum, default_value_t = Layout::Full)]
    pub layout: Layout,
    /// Also write a copy scaled to this width (e.g. 400, Discord's inline width on a phone) as
    /// NAME-WIDTHpx.png, to judge what a player sees.
    #[arg(long)]
    pub scaled: Option<u32>,
    /// Where to write the board.
    #[arg(long, default_value = "board.png")]
    pub out: PathBuf,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Full,
    Phone,
    Tiles,
}

/// Plays a seeded game with the bots of `southseas sim` until turn `turn` starts (or the end).
pub fn simulate(players: usize, seed: u64, ai: Strategy, turn: u32) -> Result<Game> {
    if !(2..=5).contains(&players) {
        bail!("--players must be 2 to 5");
    }
    let mut game = Game::from_setup(Setup::standard(Options::default(), players, seed)).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut bots: Vec<Bot> = (0..players).map(|seat| Bot::new(ai, seed.wrapping_mul(31).wrapping_add(seat as u64))).collect();
    while let Some(seat) = game.to_act() {
        if game.turn() >= turn && game.phase() == Phase::PlaceTile {
            break;
        }
        let action = bots[seat].choose(&game).context("the bot found no action")?;
        game.apply(&action).map_err(|e| anyhow::anyhow!("bot action refused: {e}"))?;
    }
    Ok(game)
}

fn sibling(out: &Path, suffix: &str) -> PathBuf {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("board");
    out.with_file_name(format!("{stem}-{suffix}.png"))
}

/// `img` scaled to `width` px wide (Catmull-Rom, as a browser scales a picture down).
pub fn scaled(img: &image::RgbImage, width: u32) -> image::RgbImage {
    let height = ((img.height() as u64 * width as u64 + img.width() as u64 / 2) / img.width() as u64).max(1) as u32;
    image::imageops::resize(img, width, height, image::imageops::FilterType::CatmullRom)
}

fn write(path: &Path, png: &[u8], what: &str) -> Result<()> {
    std::fs::write(path, png).with_context(|| format!("cannot write {}", path.display()))?;
    println!("{} ({} bytes{what})", path.display(), png.len());
    Ok(())
}

pub fn run(args: &RenderArgs) -> Result<ExitCode> {
    let game = match (&args.scenario, args.seed) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            let scenario = Scenario::parse(&text).with_context(|| format!("{} is not a valid scenario", path.display()))?;
            scenario.run().with_context(|| format!("{} failed", path.display()))?.0
        }
        (None, Some(seed)) => simulate(args.players, seed, args.ai, args.turn.unwrap_or(u32::MAX))?,
        (None, None) => bail!("give --scenario FILE, or --seed S (with --players P --turn T)"),
    };
    let view = BoardView { names: args.names.clone(), since_turn: args.since, show_spots: !args.no_spots, ..BoardView::default() };
    let img = match args.layout {
        Layout::Full => board_image(&game, &view),
        Layout::Phone => phone_image(&game, &view),
        Layout::Tiles => remaining_tiles_image(&game).context("the stack is empty: no tiles to come")?,
    };
    let png = encode_png(&img);
    let what = format!(", {}x{} px, turn {}, {:?}", img.width(), img.height(), game.turn(), game.phase());
    write(&args.out, &png, &what)?;
    if let Some(width) = args.scaled {
        let small = scaled(&img, width);
        write(&sibling(&args.out, &format!("{width}px")), &encode_png(&small), &format!(", {}x{} px", small.width(), small.height()))?;
    }
    if args.layout == Layout::Full
        && let Some(tile_png) = drawn_tile_png(&game)
    {
        write(&sibling(&args.out, "tile"), &tile_png, "")?;
    }
    Ok(ExitCode::SUCCESS)
}
