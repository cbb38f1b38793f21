//! `slide`: the command-line front end of the sliding-puzzle toolkit.

fn main() {
    eprintln!("slide: the command-line front end is not built yet");
    std::process::exit(2);
}
