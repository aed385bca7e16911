//! Trains the square classifier (`src/model.bin`) on generated photos
//! (seeds 1 000 000 and up; the tests and the bench use seeds below that):
//! `cargo run --release -p scribe-scan --example train -- [PHOTOS]`.

#![allow(clippy::needless_range_loop)]

#[path = "../tests/common/mod.rs"]
mod common;

use scribe_scan::synth::{Options, Rng, photo};
use scribe_scan::{Class, INPUT, Net, softmax};

const HIDDEN: usize = 48;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(160);
    let data = std::sync::Mutex::new(Vec::<(Vec<f32>, usize)>::new());
    let next = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let seed = 1_000_000 + i;
                    let sheet = common::sheet_for(seed);
                    let p = photo(&sheet, seed, &Options::default());
                    let mut jr = Rng::new(seed);
                    let mut shifts = vec![[0.0, 0.0]];
                    for _ in 0..3 {
                        shifts.push([jr.range(-0.06, 0.06), jr.range(-0.06, 0.06)]);
                    }
                    let Ok(boards) = scribe_scan::patches(&p.jpeg, &shifts) else {
                        continue;
                    };
                    if boards.len() != p.truth.len() {
                        continue;
                    }
                    let mut d = data.lock().expect("lock");
                    for (b, t) in boards.iter().zip(&p.truth) {
                        for (k, x) in b.iter().enumerate() {
                            d.push((x.clone(), t[k % 81].index()));
                        }
                    }
                }
            });
        }
    });
    let data = data.into_inner().expect("lock");
    let mut counts = [0usize; 5];
    data.iter().for_each(|(_, c)| counts[*c] += 1);
    eprintln!("{} squares, by class {counts:?}", data.len());
    let net = train(&data);
    let right = data
        .iter()
        .filter(|(x, c)| {
            let p = net.probabilities(x);
            let k = (0..5).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap_or(0);
            k == *c
        })
        .count();
    eprintln!("training accuracy {:.4}", right as f64 / data.len() as f64);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/model.bin");
    std::fs::write(path, net.to_bytes()).expect("write model");
    eprintln!("wrote {path}");
    let _ = Class::ALL;
}

/// Adam on the cross-entropy, mini-batches of 32.
fn train(data: &[(Vec<f32>, usize)]) -> Net {
    let mut rng = Rng::new(7);
    let h = HIDDEN;
    let scale1 = (2.0 / INPUT as f32).sqrt();
    let scale2 = (2.0 / h as f32).sqrt();
    let mut params: Vec<f32> = Vec::new();
    params.extend((0..h * INPUT).map(|_| rng.normal() * scale1));
    params.extend((0..h).map(|_| 0.0));
    params.extend((0..5 * h).map(|_| rng.normal() * scale2));
    params.extend((0..5).map(|_| 0.0));
    let (o_b1, o_w2, o_b2) = (h * INPUT, h * INPUT + h, h * INPUT + h + 5 * h);
    let np = params.len();
    let (mut m, mut v) = (vec![0.0f32; np], vec![0.0f32; np]);
    let mut order: Vec<usize> = (0..data.len()).collect();
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0i32;
    let epochs = 14;
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let lr = 0.002 * (1.0 - epoch as f32 / epochs as f32) + 0.0001;
        let mut loss = 0.0;
        for batch in order.chunks(32) {
            let mut grad = vec![0.0f32; np];
            for &k in batch {
                let (x, y) = (&data[k].0, data[k].1);
                let mut hid = vec![0.0f32; h];
                for (j, hj) in hid.iter_mut().enumerate() {
                    let row = &params[j * INPUT..(j + 1) * INPUT];
                    *hj = (row.iter().zip(x).map(|(w, a)| w * a).sum::<f32>() + params[o_b1 + j])
                        .max(0.0);
                }
                let mut z = [0.0f32; 5];
                for (c, zc) in z.iter_mut().enumerate() {
                    let row = &params[o_w2 + c * h..o_w2 + (c + 1) * h];
                    *zc = row.iter().zip(&hid).map(|(w, a)| w * a).sum::<f32>() + params[o_b2 + c];
                }
                let p = softmax(z);
                loss -= p[y].max(1e-9).ln();
                let dz: Vec<f32> = (0..5)
                    .map(|c| p[c] - if c == y { 1.0 } else { 0.0 })
                    .collect();
                let mut dh = vec![0.0f32; h];
                for c in 0..5 {
                    grad[o_b2 + c] += dz[c];
                    for j in 0..h {
                        grad[o_w2 + c * h + j] += dz[c] * hid[j];
                        dh[j] += dz[c] * params[o_w2 + c * h + j];
                    }
                }
                for j in 0..h {
                    if hid[j] <= 0.0 {
                        continue;
                    }
                    grad[o_b1 + j] += dh[j];
                    let g = &mut grad[j * INPUT..(j + 1) * INPUT];
                    for (gi, a) in g.iter_mut().zip(x) {
                        *gi += dh[j] * a;
                    }
                }
            }
            t += 1;
            let n = batch.len() as f32;
            for i in 0..np {
                let g = grad[i] / n + 1e-5 * params[i];
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                let mh = m[i] / (1.0 - b1.powi(t));
                let vh = v[i] / (1.0 - b2.powi(t));
                params[i] -= lr * mh / (vh.sqrt() + eps);
            }
        }
        eprintln!("epoch {epoch}: loss {:.4}", loss / data.len() as f32);
    }
    Net {
        hidden: h,
        w1: params[..o_b1].to_vec(),
        b1: params[o_b1..o_w2].to_vec(),
        w2: params[o_w2..o_b2].to_vec(),
        b2: params[o_b2..].to_vec(),
    }
}
