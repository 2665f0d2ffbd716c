//! Rate limits: token buckets per connection and per address, so that one client's flood
//! costs everyone else nothing.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Frames a connection may send: `CONN_RATE` a second, bursts of `CONN_BURST`.
pub const CONN_RATE: f64 = 20.0;
pub const CONN_BURST: f64 = 40.0;
/// Frames all connections from one address may send together.
pub const ADDR_RATE: f64 = 100.0;
pub const ADDR_BURST: f64 = 300.0;
/// Games one address may create: bursts of `CREATE_BURST`, then one every
/// `1 / CREATE_RATE` seconds.
pub const CREATE_RATE: f64 = 1.0 / 6.0;
pub const CREATE_BURST: f64 = 10.0;
/// Connections open at once from one address.
pub const ADDR_CONNECTIONS: usize = 64;
/// Refused frames after which a connection is closed.
pub const REFUSALS_TO_CLOSE: u32 = 500;

#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: Instant::now(),
            rate,
            burst,
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let gained = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + gained).min(self.burst);
        self.last = now;
    }

    /// Whether the bucket is as a newcomer's is: forgetting it then gives nothing away.
    pub fn full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// What each address has: its connections and its buckets.
struct Address {
    connections: usize,
    frames: Bucket,
    creates: Bucket,
}

impl Address {
    /// With no connection and buckets full again, the address is forgotten: kept any
    /// sooner, a client would get fresh buckets by closing its connections and opening
    /// new ones.
    fn idle(&mut self) -> bool {
        self.connections == 0 && self.frames.full() && self.creates.full()
    }
}

/// Addresses known past this many: the idle ones are forgotten.
const FORGET_AT: usize = 10_000;

#[derive(Default)]
pub struct Addresses {
    map: Mutex<HashMap<IpAddr, Address>>,
}

/// The address a client is counted under: an IPv6 address by its /64 network, which one
/// household or host holds whole.
fn counted(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) if v6.to_ipv4_mapped().is_none() => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        IpAddr::V6(v6) => IpAddr::V4(v6.to_ipv4_mapped().expect("mapped")),
        v4 => v4,
    }
}

impl Addresses {
    /// Counts a new connection from `ip`; false if it has too many already.
    pub fn connect(&self, ip: IpAddr) -> bool {
        let ip = counted(ip);
        let mut map = self.map.lock().unwrap();
        if map.len() >= FORGET_AT {
            map.retain(|_, a| !a.idle());
        }
        let entry = map.entry(ip).or_insert_with(|| Address {
            connections: 0,
            frames: Bucket::new(ADDR_RATE, ADDR_BURST),
            creates: Bucket::new(CREATE_RATE, CREATE_BURST),
        });
        if entry.connections >= ADDR_CONNECTIONS {
            return false;
        }
        entry.connections += 1;
        true
    }

    pub fn disconnect(&self, ip: IpAddr) {
        let ip = counted(ip);
        let mut map = self.map.lock().unwrap();
        if let Some(entry) = map.get_mut(&ip) {
            entry.connections -= 1;
            if entry.idle() {
                map.remove(&ip);
            }
        }
    }

    pub fn frame(&self, ip: IpAddr) -> bool {
        self.with(ip, |a| a.frames.take())
    }

    pub fn create(&self, ip: IpAddr) -> bool {
        self.with(ip, |a| a.creates.take())
    }

    fn with(&self, ip: IpAddr, f: impl FnOnce(&mut Address) -> bool) -> bool {
        self.map
            .lock()
            .unwrap()
            .get_mut(&counted(ip))
            .is_some_and(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut b = Bucket::new(0.0, 3.0);
        assert!(b.take() && b.take() && b.take());
        assert!(!b.take());
    }

    #[test]
    fn an_address_has_a_connection_cap() {
        let a = Addresses::default();
        let ip: IpAddr = "127.0.0.9".parse().unwrap();
        for _ in 0..ADDR_CONNECTIONS {
            assert!(a.connect(ip));
        }
        assert!(!a.connect(ip));
        a.disconnect(ip);
        assert!(a.connect(ip));
        assert!(a.frame(ip));
        assert!(!a.frame("127.0.0.8".parse().unwrap()), "unknown address");
    }

    #[test]
    fn reconnecting_gives_no_fresh_buckets() {
        let a = Addresses::default();
        let ip: IpAddr = "127.0.0.10".parse().unwrap();
        let mut made = 0;
        for _ in 0..3 {
            assert!(a.connect(ip));
            made += (0..15).filter(|_| a.create(ip)).count();
            a.disconnect(ip);
        }
        assert_eq!(
            made, CREATE_BURST as usize,
            "one burst, however often it reconnects"
        );
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let a = Addresses::default();
        for i in 0..ADDR_CONNECTIONS {
            assert!(a.connect(format!("2001:db8::{i:x}").parse().unwrap()));
        }
        assert!(!a.connect("2001:db8::ffff:1".parse().unwrap()));
        assert!(a.connect("2001:db8:0:1::1".parse().unwrap()), "another /64");
        let mapped: IpAddr = "::ffff:127.0.0.9".parse().unwrap();
        assert_eq!(counted(mapped), "127.0.0.9".parse::<IpAddr>().unwrap());
    }
}
