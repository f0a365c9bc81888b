package dev.gpudra.kit.cdi;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Random valid CDI specs for property tests; {@code awkward} strings hold everything YAML must
 * escape or may fold (quotes, backslashes, control and non-ASCII characters, long runs of words).
 */
final class RandomSpecs {
  // short enough never to be folded, some escaped
  private static final String[] PLAIN = {
    "a", "Z9", "-", "_", ".", "/", "=", ":", ",", "lib", " ", "\"", "\\", "\t", "\u0001", "\u007f",
    "é", "😀", "#", "'"
  };
  private static final String[] AWKWARD = {
    " ",
    "\"",
    "\\",
    "'",
    "#",
    "{",
    "[",
    "&",
    "*",
    "!",
    "|",
    ">",
    "%",
    "@",
    "`",
    "\t",
    "\n",
    "\r",
    "\u0000",
    "\u0001",
    "\u0007",
    "\u001b",
    "\u007f",
    "\u0085",
    "\u00a0",
    "é",
    "\u2028",
    "\uFEFF",
    "😀",
    "\uD800",
    "\uFFFE",
    "null",
    "true",
    "0x1F",
    "1e3",
    "- ",
    ": ",
    "---",
    "a b c d e f g h "
  };

  private final Random random;
  private final boolean awkward;

  RandomSpecs(long seed, boolean awkward) {
    this.random = new Random(seed);
    this.awkward = awkward;
  }

  CdiSpec spec() {
    List<CdiDevice> devices = new ArrayList<>();
    for (int i = 1 + random.nextInt(3); i > 0; i--) {
      devices.add(new CdiDevice((random.nextBoolean() ? "0" : "d") + i + "-gpu-" + i, edits()));
    }
    String kind = random.nextBoolean() ? "k8s.gpu.nvidia.com/claim" : "vendor.io/class.x";
    return CdiSpec.of(kind, edits(), devices);
  }

  private ContainerEdits edits() {
    if (random.nextInt(4) == 0) {
      return ContainerEdits.none();
    }
    return new ContainerEdits(
        list(() -> "K" + text() + "=" + text()),
        list(this::deviceNode),
        list(this::mount),
        list(this::hook));
  }

  private DeviceNode deviceNode() {
    return new DeviceNode(
        "/dev/" + text(),
        maybe("/host/" + text()),
        maybe(List.of("b", "c", "u", "p", "").get(random.nextInt(5))),
        random.nextBoolean() ? null : random.nextLong(0, 1L << 40),
        random.nextBoolean() ? null : random.nextLong(0, 1L << 20),
        maybe(List.of("r", "rw", "rwm", "").get(random.nextInt(4))),
        // fileMode, uid, gid: none, so that a seed renders as it did before they existed
        null,
        null,
        null);
  }

  private Mount mount() {
    // an empty type is left out by Jackson (NON_EMPTY) and reads back null
    return new Mount("/" + text(), "/" + text(), list(this::text), maybe("t" + text()));
  }

  private Hook hook() {
    List<String> names = List.of("prestart", "createRuntime", "createContainer", "poststop");
    return new Hook(
        names.get(random.nextInt(names.size())),
        "/usr/bin/" + text(),
        list(this::text),
        list(() -> "E=" + text()),
        random.nextBoolean() ? null : 1 + random.nextInt(100));
  }

  private String text() {
    String[] pieces = awkward && random.nextBoolean() ? AWKWARD : PLAIN;
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(awkward ? 12 : 5); i > 0; i--) {
      text.append(pieces[random.nextInt(pieces.length)]);
    }
    return text.toString();
  }

  private <T> T maybe(T value) {
    return random.nextBoolean() ? value : null;
  }

  private <T> List<T> list(Supplier<T> element) {
    List<T> values = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      values.add(element.get());
    }
    return values;
  }
}
