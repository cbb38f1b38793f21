//! The standard Rush Hour notation: 36 characters, the 6x6 board in reading order.

use super::error::LayoutError;
use super::geometry::{Axis, Goal, PieceSpec, Position, Side};
use super::layout::Blocks;
use super::state::Placement;

/// The Rush Hour board's side.
const SIDE: usize = 6;

/// The row of the exit, from zero: the red car must lie across it.
const EXIT_ROW: u8 = 2;

impl Blocks {
    /// Parses the standard Rush Hour notation (Michael Fogleman's database uses it): the 6x6
    /// board as 36 characters in reading order, `o` or `.` an empty cell, `x` a wall, and a
    /// letter `A`-`Z` per vehicle. Each vehicle slides along its length only; `A` is the red
    /// car, lying across the third row, and the puzzle is solved when its right end reaches the
    /// last column (driving out through the exit is not counted as a move).
    ///
    /// ```
    /// use puzzles::blocks::Blocks;
    /// use search_core::bfs;
    ///
    /// // B stands in the red car's way; it must move down (one move) before A drives out.
    /// let (problem, start) = Blocks::parse_rush_hour("oooooooooBooAAoBoooooooooooooooooooo")?;
    /// assert_eq!(bfs(&problem, start).into_solution().map(|s| s.cost), Some(2));
    /// # Ok::<(), puzzles::blocks::LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// [`LayoutError::RushHourLength`] unless there are 36 characters,
    /// [`LayoutError::UnknownCharacter`], [`LayoutError::VehicleTooShort`] for a vehicle of one
    /// cell, [`LayoutError::VehicleNotStraight`], [`LayoutError::Disconnected`] for a letter in
    /// two places, [`LayoutError::NoRedCar`] and [`LayoutError::RedCarOffRow`].
    pub fn parse_rush_hour(text: &str) -> Result<(Blocks, Placement), LayoutError> {
        let cells: Vec<char> = text.trim().chars().collect();
        if cells.len() != SIDE * SIDE {
            return Err(LayoutError::RushHourLength { found: cells.len() });
        }
        let mut walls = Vec::new();
        let mut vehicles: Vec<PieceSpec> = Vec::new();
        for (index, &character) in cells.iter().enumerate() {
            let at = Position::new((index / SIDE) as u8, (index % SIDE) as u8);
            match character {
                'o' | '.' => {}
                'x' => walls.push(at),
                'A'..='Z' => match vehicles
                    .iter_mut()
                    .find(|vehicle| vehicle.letter == character)
                {
                    Some(vehicle) => vehicle.cells.push(at),
                    None => vehicles.push(PieceSpec {
                        letter: character,
                        cells: vec![at],
                        axis: Axis::Free,
                        alike: None,
                    }),
                },
                character => return Err(LayoutError::UnknownCharacter { character, at }),
            }
        }
        for vehicle in &mut vehicles {
            vehicle.axis = vehicle_axis(vehicle)?;
        }
        let red = vehicles
            .iter()
            .find(|vehicle| vehicle.letter == 'A')
            .ok_or(LayoutError::NoRedCar)?;
        if red.axis != Axis::Horizontal || red.cells[0].row != EXIT_ROW {
            return Err(LayoutError::RedCarOffRow { at: red.cells[0] });
        }
        let exit = Goal::Exit {
            piece: 'A',
            side: Side::Right,
        };
        Blocks::new(SIDE, SIDE, &walls, &vehicles, &[exit])
    }

    /// `state` in the Rush Hour notation, for a 6x6 board: `o` for empty cells, `x` for walls.
    /// `None` for boards of another size.
    pub fn rush_hour_notation(&self, state: &Placement) -> Option<String> {
        (self.width() == SIDE && self.height() == SIDE)
            .then(|| self.draw(state, 'o', 'x').replace('\n', ""))
    }
}

/// The axis a vehicle slides along: its length's. Cells arrive in reading order.
fn vehicle_axis(vehicle: &PieceSpec) -> Result<Axis, LayoutError> {
    let first = vehicle.cells[0];
    if vehicle.cells.len() == 1 {
        return Err(LayoutError::VehicleTooShort {
            piece: vehicle.letter,
            at: first,
        });
    }
    if vehicle.cells.iter().all(|cell| cell.row == first.row) {
        return Ok(Axis::Horizontal);
    }
    if vehicle.cells.iter().all(|cell| cell.column == first.column) {
        return Ok(Axis::Vertical);
    }
    let stray = vehicle
        .cells
        .iter()
        .find(|cell| cell.row != first.row)
        .copied()
        .unwrap_or(first);
    Err(LayoutError::VehicleNotStraight {
        piece: vehicle.letter,
        at: stray,
    })
}
