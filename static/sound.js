// Soft table sounds, made with Web Audio (no sound files): a card laid down,
// dice rolled, a coin, and a chime when the tablet comes back to a person
// ("turn"). py/main.py calls royalSound.play(kind) for each sound the app hands
// over, only when a player turned the sound on (off by default).
// "ready" (sent on the tap that turns it on) creates the audio context: iPads
// let a page make sound only once a tap has started it.
// royalSound.callTitle(words): the same call, silent, for a tab in the
// background: its title says "your turn" until the page is seen again.
(function () {
  "use strict";
  var context = null;

  function audio() {
    if (!context) {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      context = new Context();
    }
    if (context.state === "suspended") context.resume();
    return context;
  }

  // A short burst of filtered noise: paper on felt, or a die's knock.
  function rustle(c, at, length, pitch, loudness) {
    var frames = Math.max(1, Math.floor(c.sampleRate * length));
    var buffer = c.createBuffer(1, frames, c.sampleRate);
    var data = buffer.getChannelData(0);
    for (var i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / frames, 2);
    var source = c.createBufferSource();
    source.buffer = buffer;
    var filter = c.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = pitch;
    var gain = c.createGain();
    gain.gain.value = loudness;
    source.connect(filter).connect(gain).connect(c.destination);
    source.start(at);
  }

  // A soft bell-like ping that fades: a coin.
  function ping(c, at, pitch, length, loudness) {
    var tone = c.createOscillator();
    tone.type = "sine";
    tone.frequency.value = pitch;
    var gain = c.createGain();
    gain.gain.setValueAtTime(loudness, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    tone.connect(gain).connect(c.destination);
    tone.start(at);
    tone.stop(at + length);
  }

  var SOUNDS = {
    card: function (c, at) { rustle(c, at, 0.09, 1600, 0.35); },
    dice: function (c, at) {
      for (var i = 0; i < 4; i++) rustle(c, at + i * 0.055 + Math.random() * 0.02, 0.035, 2600, 0.3);
    },
    coin: function (c, at) { ping(c, at, 1320, 0.28, 0.12); ping(c, at + 0.07, 1760, 0.32, 0.09); },
    // Two low, slow notes a fifth apart, quieter than a coin: "your turn".
    turn: function (c, at) { ping(c, at, 659, 0.9, 0.07); ping(c, at + 0.16, 988, 1.1, 0.06); },
  };

  var keptTitle = null;     // the page's own title while a hidden tab says "your turn"
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && keptTitle !== null) {
      document.title = keptTitle;
      keptTitle = null;
    }
  });

  window.royalSound = {
    played: 0,      // how many sounds were started (the tests read it)
    play: function (kind) {
      var c = audio();
      if (!c || !SOUNDS[kind]) return;
      SOUNDS[kind](c, c.currentTime + 0.01);
      this.played += 1;
    },
    callTitle: function (words) {
      if (!document.hidden) return;     // a page in view says it on the table itself
      if (keptTitle === null) keptTitle = document.title;
      document.title = words + " — " + keptTitle;
    },
  };
})();
