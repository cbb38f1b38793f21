//! Path costs: the unsigned integers ([`Cost`]), and signed integers and floats checked once
//! where they enter ([`Signed`], [`FloatCost`]), so that no action is negative.

mod checked;
mod integer;

pub use checked::{CostError, FloatCost, Signed, SignedInteger};
pub use integer::Cost;
