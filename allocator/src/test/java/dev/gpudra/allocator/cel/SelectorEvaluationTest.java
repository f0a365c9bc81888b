package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.device.DeviceView;
import dev.gpudra.allocator.device.TestDevices;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of the DRA CEL environment (inputs, missing data, value types, libraries), each with a
 * case that holds and one that does not. Expected results are {@code true}, {@code false} or {@code
 * error: <fragment of the message>}.
 */
class SelectorEvaluationTest {
  private static final DeviceSelectorEnv ENV = new DeviceSelectorEnv(SelectorEnvOptions.defaults());
  private static final String EX = "device.attributes[\"dra.example.com\"]";
  private static final String CAP = "device.capacity[\"dra.example.com\"]";

  record Case(String name, String expression, DeviceView device, String expected) {
    Case(String name, String expression, String expected) {
      this(name, expression, TestDevices.example(), expected);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> inputs() {
    return Stream.of(attributes(), domains(), versionsAndQuantities()).flatMap(s -> s);
  }

  /** The driver, attributes and capacity of the device itself. */
  private static Stream<Case> attributes() {
    return Stream.of(
        new Case("anchor: unqualified bool under the driver domain", EX + ".name", "true"),
        new Case("index form equals field form", EX + "[\"name\"] == " + EX + ".name", "true"),
        new Case("driver matches", "device.driver == \"dra.example.com\"", "true"),
        new Case("driver differs", "device.driver == \"gpu.nvidia.com\"", "false"),
        new Case("int attribute", EX + ".count == 3", "true"),
        new Case("int attribute differs", EX + ".count > 3", "false"),
        new Case("string attribute", EX + ".model.startsWith(\"a1\")", "true"),
        new Case(
            "qualified name goes to its own domain",
            "device.attributes[\"other.example.com\"].flag == false",
            "true"),
        new Case("qualified name is not under the driver domain", "\"flag\" in " + EX, "false"),
        new Case(
            "unqualified capacity under the driver domain",
            CAP + ".memory == quantity(\"8Gi\")",
            "true"),
        new Case(
            "qualified capacity in its own domain",
            "device.capacity[\"other.example.com\"].slots.isGreaterThan(quantity(\"5\"))",
            "false"));
  }

  /** Known and unknown attribute domains, and the robust forms that test them. */
  private static Stream<Case> domains() {
    return Stream.of(
        new Case(
            "anchor: unknown domain is not in attributes",
            "\"no-such-domain\" in device.attributes",
            "false"),
        new Case(
            "known domain is in attributes", "\"dra.example.com\" in device.attributes", "true"),
        new Case(
            "unknown domain reads as an empty map",
            "device.attributes[\"no-such-domain\"].size() == 0",
            "true"),
        new Case(
            "unknown capacity domain reads as an empty map",
            "size(device.capacity[\"no-such-domain\"]) == 0",
            "true"),
        new Case(
            "unknown key in a known domain is an error",
            EX + ".nosuch == 1",
            "error: no such key: nosuch"),
        new Case(
            "unknown key by index is an error",
            EX + "[\"nosuch\"] == 1",
            "error: no such key: nosuch"),
        new Case(
            "unknown key in an unknown domain is an error",
            "device.attributes[\"x.example.com\"].name",
            "error: no such key: name"),
        new Case("robust form with in", "\"nosuch\" in " + EX + " && " + EX + ".nosuch", "false"),
        new Case("has() on a present name", "has(" + EX + ".name)", "true"),
        new Case("has() on a missing name", "has(" + EX + ".nosuch)", "false"),
        new Case("has() on an unknown domain", "has(device.attributes[\"zz.io\"].name)", "false"));
  }

  /** Semver and Quantity values, and results that are not bool. */
  private static Stream<Case> versionsAndQuantities() {
    return Stream.of(
        new Case(
            "version attribute is a Semver", EX + ".version == semver(\"1.2.3-rc.1\")", "true"),
        new Case(
            "version attribute ordering", EX + ".version.isLessThan(semver(\"1.2.3\"))", "true"),
        new Case(
            "Semver == string is an error, not false",
            EX + ".version == \"1.2.3-rc.1\"",
            "error: no such overload"),
        new Case(
            "Semver != string is an error too",
            EX + ".version != \"1.2.3\"",
            "error: no such overload"),
        new Case(
            "Quantity == string is an error, not false",
            "dyn(" + CAP + ".memory) == \"8Gi\"",
            "error: no such overload"),
        new Case(
            "Quantity == int is an error", "dyn(quantity(\"1\")) == 1", "error: no such overload"),
        new Case(
            "non-bool dyn result is a runtime error",
            EX + ".count",
            "error: must evaluate to bool"),
        new Case(
            "unknown-domain robust has() pattern",
            "has(device.attributes[\"gpu.nvidia.com\"].productName) && "
                + "device.attributes[\"gpu.nvidia.com\"].productName == \"x\"",
            "false"));
  }

  static Stream<Case> quantities() {
    return Stream.of(
        new Case("anchor: 1Gi == 1024Mi", "quantity(\"1Gi\") == quantity(\"1024Mi\")", "true"),
        new Case("1G != 1Gi", "quantity(\"1G\") == quantity(\"1Gi\")", "false"),
        new Case("milli equals decimal", "quantity(\"500m\") == quantity(\"0.5\")", "true"),
        new Case("exponent form", "quantity(\"1e3\") == quantity(\"1k\")", "true"),
        new Case("isQuantity accepts", "isQuantity(\"81559Mi\")", "true"),
        new Case("isQuantity rejects", "isQuantity(\"12 GiB\")", "false"),
        new Case(
            "quantity() of garbage is an error",
            "quantity(\"abc\").sign() == 1",
            "error: quantities must match"),
        new Case("isInteger true", "quantity(\"2Ki\").isInteger()", "true"),
        new Case("isInteger false for fractions", "quantity(\"1500m\").isInteger()", "false"),
        new Case("asInteger", "quantity(\"2Ki\").asInteger() == 2048", "true"),
        new Case(
            "asInteger of a fraction is an error",
            "quantity(\"1.5\").asInteger() == 1",
            "error: cannot convert"),
        new Case("asApproximateFloat", "quantity(\"1500m\").asApproximateFloat() == 1.5", "true"),
        new Case("sign negative", "quantity(\"-1\").sign() == -1", "true"),
        new Case("sign zero", "quantity(\"0\").sign() == 1", "false"),
        new Case(
            "add quantity, exact",
            "quantity(\"100m\").add(quantity(\"200m\")) == quantity(\"300m\")",
            "true"),
        new Case("add int", "quantity(\"1Ki\").add(1) == quantity(\"1025\")", "true"),
        new Case(
            "sub quantity",
            "quantity(\"1Gi\").sub(quantity(\"1Mi\")) == quantity(\"1023Mi\")",
            "true"),
        new Case("sub int", "quantity(\"10\").sub(11).sign() == -1", "true"),
        new Case("isGreaterThan", CAP + ".memory.isGreaterThan(quantity(\"8G\"))", "true"),
        new Case("isLessThan", CAP + ".memory.isLessThan(quantity(\"8Gi\"))", "false"),
        new Case("compareTo", "quantity(\"1Gi\").compareTo(quantity(\"1G\")) == 1", "true"),
        new Case(
            "compareTo equal", "quantity(\"1Gi\").compareTo(quantity(\"1024Mi\")) == 0", "true"),
        new Case(
            "exact beyond double precision",
            "quantity(\"9007199254740993\").isGreaterThan(quantity(\"9007199254740992\"))",
            "true"));
  }

  static Stream<Case> semvers() {
    return Stream.of(
        new Case("semver parses", "semver(\"1.2.3\").major() == 1", "true"),
        new Case(
            "minor and patch",
            "semver(\"1.2.3\").minor() == 2 && semver(\"1.2.3\").patch() == 3",
            "true"),
        new Case("strict rejects v prefix", "isSemver(\"v1.0.0\")", "false"),
        new Case("strict rejects missing patch", "isSemver(\"1.0\")", "false"),
        new Case("strict rejects leading zeros", "isSemver(\"1.01.0\")", "false"),
        new Case(
            "strict accepts pre-release and build", "isSemver(\"1.0.0-alpha.1+build.5\")", "true"),
        new Case(
            "normalize strips v and fills", "semver(\"v1.0\", true) == semver(\"1.0.0\")", "true"),
        new Case(
            "normalize drops leading zeros",
            "semver(\"580.95.05\", true) == semver(\"580.95.5\")",
            "true"),
        new Case("isSemver with normalize", "isSemver(\"v1\", true)", "true"),
        new Case("isSemver normalize still rejects garbage", "isSemver(\"one\", true)", "false"),
        new Case(
            "semver() of garbage is an error",
            "semver(\"1.0\").major() == 1",
            "error: could not parse"),
        new Case(
            "pre-release sorts before release",
            "semver(\"1.0.0-alpha\").isLessThan(semver(\"1.0.0\"))",
            "true"),
        new Case(
            "numeric pre-release ids sort numerically",
            "semver(\"1.0.0-alpha.2\").isLessThan(semver(\"1.0.0-alpha.10\"))",
            "true"),
        new Case(
            "numeric ids sort before alphanumeric",
            "semver(\"1.0.0-1\").isLessThan(semver(\"1.0.0-alpha\"))",
            "true"),
        new Case(
            "longer pre-release sorts after its prefix",
            "semver(\"1.0.0-alpha.1\").isGreaterThan(semver(\"1.0.0-alpha\"))",
            "true"),
        new Case(
            "build metadata is ignored in equality",
            "semver(\"1.0.0+a\") == semver(\"1.0.0+b\")",
            "true"),
        new Case("compareTo", "semver(\"2.0.0\").compareTo(semver(\"10.0.0\")) == -1", "true"),
        new Case(
            "isGreaterThan false", "semver(\"1.0.0\").isGreaterThan(semver(\"1.0.0\"))", "false"));
  }

  static Stream<Case> libraries() {
    return Stream.of(
        new Case("all", "[1, 2, 3].all(x, x > 0)", "true"),
        new Case("all fails", "[1, 2, 3].all(x, x > 1)", "false"),
        new Case("exists over attribute names", EX + ".exists(k, k == \"model\")", "true"),
        new Case("exists_one", "[1, 2, 3].exists_one(x, x == 2)", "true"),
        new Case("map", "[1, 2].map(x, x * 2) == [2, 4]", "true"),
        new Case("filter", "[1, 2, 3].filter(x, x > 1).size() == 2", "true"),
        new Case("two-variable all", "{\"a\": 1}.all(k, v, k == \"a\" && v == 1)", "true"),
        new Case("transformList", "[1, 2].transformList(i, v, v + i) == [1, 3]", "true"),
        new Case(
            "cel.bind", "cel.bind(m, " + EX + ".model, m == \"a100\" && m.size() == 4)", "true"),
        new Case("charAt", "\"abc\".charAt(1) == \"b\"", "true"),
        new Case("indexOf string", "\"abcabc\".indexOf(\"c\") == 2", "true"),
        new Case("lastIndexOf string", "\"abcabc\".lastIndexOf(\"c\") == 5", "true"),
        new Case("lowerAscii", "\"NVIDIA\".lowerAscii() == \"nvidia\"", "true"),
        new Case("upperAscii", "\"h100\".upperAscii() == \"H100\"", "true"),
        new Case("replace", "\"a-b-c\".replace(\"-\", \".\") == \"a.b.c\"", "true"),
        new Case("split", "\"a,b\".split(\",\") == [\"a\", \"b\"]", "true"),
        new Case("substring", "\"NVIDIA H100\".substring(7) == \"H100\"", "true"),
        new Case("trim", "\"  x \".trim() == \"x\"", "true"),
        new Case("join", "[\"a\", \"b\"].join(\"-\") == \"a-b\"", "true"),
        new Case("strings.quote", "strings.quote(\"a\\\"b\") == \"\\\"a\\\\\\\"b\\\"\"", "true"),
        new Case("matches", EX + ".model.matches(\"^a[0-9]+$\")", "true"),
        new Case("sets.contains", "sets.contains([1, 2, 3], [1, 3])", "true"),
        new Case("sets.equivalent", "sets.equivalent([1, 2], [2, 1, 1])", "true"),
        new Case("sets.intersects", "sets.intersects([1], [2])", "false"),
        new Case("lists.range and sort", "lists.range(3).reverse().sort() == [0, 1, 2]", "true"),
        new Case("distinct and flatten", "[[1, 1], [2]].flatten().distinct() == [1, 2]", "true"),
        new Case("slice", "[1, 2, 3].slice(1, 3) == [2, 3]", "true"),
        new Case("isSorted", "[1, 2, 2].isSorted()", "true"),
        new Case("isSorted false", "[\"b\", \"a\"].isSorted()", "false"),
        new Case("sum", "[1, 2, 3].sum() == 6", "true"),
        new Case("sum doubles", "[1.5, 2.5].sum() == 4.0", "true"),
        new Case("min", "[3, 1, 2].min() == 1", "true"),
        new Case("max", "[3, 1, 2].max() == 3", "true"),
        new Case(
            "min of an empty list is an error", "[].min() == 1", "error: min of an empty list"),
        new Case("indexOf list", "[1, 2, 1].indexOf(1) == 0", "true"),
        new Case("lastIndexOf list", "[1, 2, 1].lastIndexOf(1) == 2", "true"),
        new Case("find", "\"abc123\".find(\"[0-9]+\") == \"123\"", "true"),
        new Case("find no match", "\"abc\".find(\"[0-9]+\") == \"\"", "true"),
        new Case("findAll", "\"a1b22\".findAll(\"[0-9]+\") == [\"1\", \"22\"]", "true"),
        new Case("findAll with limit", "\"a1b22\".findAll(\"[0-9]+\", 1) == [\"1\"]", "true"),
        new Case("optional field", EX + ".?nosuch.orValue(7) == 7", "true"),
        new Case("cross-type numeric comparison", "1 < 1.5", "true"),
        new Case(
            "semver list sorted", "[semver(\"1.0.0\"), semver(\"1.1.0\")].isSorted()", "true"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource({"inputs", "quantities", "semvers", "libraries"})
  @DisplayName("selectors evaluate like the scheduler's DRA CEL environment")
  void evaluates(Case c) {
    String outcome = ENV.compile(c.expression()).evaluate(c.device()).describe();

    if (c.expected().startsWith("error: ")) {
      assertThat(outcome).startsWith("error: ").contains(c.expected().substring(7));
    } else {
      assertThat(outcome).isEqualTo(c.expected());
    }
  }
}
