//! Exact chances of card events, worked out by counting, so that a run's observed frequencies
//! stand beside the values they must approach: every run checks its own deals.
//!
//! Every deal is a uniformly random arrangement of the pack, so the chance that some given cards
//! land in given hands depends only on how many cards there are and where they must go.

/// `n (n−1) ... (n−k+1)`, as a float (exact up to 2^53, near enough beyond).
pub fn falling(n: u64, k: u64) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).map(|i| (n - i) as f64).product()
}

/// The binomial coefficient C(n, k).
pub fn choose(n: u64, k: u64) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The chance that `need` given cards all lie in one given hand of `size` cards dealt from a
/// pack of `cards`.
pub fn all_in_hand(cards: u64, size: u64, need: u64) -> f64 {
    falling(size, need) / falling(cards, need)
}

/// The chance that one of `hands` hands of `size` cards, dealt from `cards`, holds every card
/// of at least one of `groups` disjoint groups of `set` cards (a mournival: the four cards of
/// one of the ranks that make one). By inclusion and exclusion over the ways of giving `k_h`
/// whole groups to hand `h`: the groups so placed are disjoint, and their `set · Σk` cards fall
/// into the named hands with chance `Π falling(size, set·k_h) / falling(cards, set·Σk)`.
pub fn some_hand_holds_a_group(cards: u64, hands: u64, size: u64, groups: u64, set: u64) -> f64 {
    let most = size / set;
    let mut total = 0.0;
    let mut ks = vec![0u64; hands as usize];
    loop {
        let k: u64 = ks.iter().sum();
        if k > 0 && k <= groups {
            // The ways to give k_h distinct groups to each hand: groups! / (Π k_h! (groups−k)!).
            let ways = falling(groups, k) / ks.iter().map(|&x| falling(x, x)).product::<f64>();
            let inside: f64 = ks.iter().map(|&x| falling(size, set * x)).product();
            let sign = if k % 2 == 1 { 1.0 } else { -1.0 };
            total += sign * ways * inside / falling(cards, set * k);
        }
        // The next vector of counts, each from 0 to `most`.
        let Some(i) = ks.iter().position(|&x| x < most) else {
            break;
        };
        ks[i] += 1;
        for x in &mut ks[..i] {
            *x = 0;
        }
    }
    total
}

/// The chance that at least one of `hands` hands of `size` cards, dealt from a pack of `suits`
/// suits of `per_suit` cards, is all of one suit. By inclusion and exclusion over the sets of
/// `j` hands all so: their `size · j` cards, given `m_s` of the hands in suit `s`, can be laid
/// in `Π falling(per_suit, size·m_s)` ways out of `falling(cards, size·j)`.
pub fn some_hand_one_suit(suits: u64, per_suit: u64, hands: u64, size: u64) -> f64 {
    let cards = suits * per_suit;
    let mut total = 0.0;
    for j in 1..=hands {
        // Every way of giving the j hands suits, grouped by how many hands each suit has.
        let mut all_so = 0.0;
        for_each_composition(j, suits, &mut |ms: &[u64]| {
            let orders = falling(j, j) / ms.iter().map(|&m| falling(m, m)).product::<f64>();
            let fill: f64 = ms.iter().map(|&m| falling(per_suit, size * m)).product();
            all_so += orders * fill;
        });
        let sign = if j % 2 == 1 { 1.0 } else { -1.0 };
        total += sign * choose(hands, j) * all_so / falling(cards, size * j);
    }
    total
}

/// Calls `f` with every way of writing `n` as `parts` counts of 0 or more, in order.
fn for_each_composition(n: u64, parts: u64, f: &mut dyn FnMut(&[u64])) {
    fn go(left: u64, parts: u64, acc: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        if parts == 1 {
            acc.push(left);
            f(acc);
            acc.pop();
            return;
        }
        for x in 0..=left {
            acc.push(x);
            go(left - x, parts - 1, acc, f);
            acc.pop();
        }
    }
    go(n, parts, &mut Vec::new(), f);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn counting_helpers() {
        assert_eq!(choose(52, 5), 2_598_960.0);
        assert_eq!(falling(5, 2), 20.0);
        assert_eq!(falling(2, 5), 0.0);
        // Two given cards in one given hand of 4 from 52: (4·3)/(52·51).
        assert!(close(all_in_hand(52, 4, 2), 12.0 / 2652.0));
    }

    #[test]
    fn one_group_one_hand_is_the_plain_chance() {
        // One hand of 12 from 44 holding all four Aces: C(40, 8) / C(44, 12).
        let p = some_hand_holds_a_group(44, 1, 12, 1, 4);
        assert!(close(p, choose(40, 8) / choose(44, 12)), "{p}");
    }

    #[test]
    fn groups_by_brute_force_on_a_small_pack() {
        // 8 cards, two groups of 2 (cards 0-1 and 2-3), two hands of 2 (cards at places 0-1
        // and 2-3 of a random order). Count every order of the 8 cards.
        let mut hit = 0u64;
        let mut all = 0u64;
        permutations(8, &mut |order: &[usize]| {
            all += 1;
            let holds =
                |hand: &[usize], g: usize| hand.contains(&(2 * g)) && hand.contains(&(2 * g + 1));
            let hands = [&order[0..2], &order[2..4]];
            if hands.iter().any(|h| (0..2).any(|g| holds(h, g))) {
                hit += 1;
            }
        });
        let p = some_hand_holds_a_group(8, 2, 2, 2, 2);
        assert!(close(p, hit as f64 / all as f64), "{p} against {hit}/{all}");
    }

    #[test]
    fn one_suit_by_brute_force_on_a_small_pack() {
        // Two suits of 3 cards (0-2, 3-5), two hands of 2.
        let mut hit = 0u64;
        let mut all = 0u64;
        permutations(6, &mut |order: &[usize]| {
            all += 1;
            let one_suit = |h: &[usize]| h.iter().all(|&c| c < 3) || h.iter().all(|&c| c >= 3);
            if one_suit(&order[0..2]) || one_suit(&order[2..4]) {
                hit += 1;
            }
        });
        let p = some_hand_one_suit(2, 3, 2, 2);
        assert!(close(p, hit as f64 / all as f64), "{p} against {hit}/{all}");
    }

    fn permutations(n: usize, f: &mut dyn FnMut(&[usize])) {
        fn go(v: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
            if k == v.len() {
                f(v);
                return;
            }
            for i in k..v.len() {
                v.swap(k, i);
                go(v, k + 1, f);
                v.swap(k, i);
            }
        }
        go(&mut (0..n).collect(), 0, f);
    }
}
