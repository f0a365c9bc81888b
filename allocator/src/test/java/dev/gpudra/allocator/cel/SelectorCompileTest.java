package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.allocator.device.DeviceView;
import dev.gpudra.allocator.device.TestDevices;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What the API server would reject at validation time, and what it would accept. */
class SelectorCompileTest {
  private static final DeviceSelectorEnv GATES_OFF =
      new DeviceSelectorEnv(SelectorEnvOptions.defaults());
  private static final DeviceSelectorEnv CONSUMABLE =
      new DeviceSelectorEnv(
          SelectorEnvOptions.defaults().with(SelectorFeature.CONSUMABLE_CAPACITY));

  record Rejected(String name, DeviceSelectorEnv env, String expression, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  record Accepted(String name, DeviceSelectorEnv env, String expression) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Rejected> rejected() {
    return Stream.of(resultsAndSyntax(), typesAndLiterals(), sizeAndCost()).flatMap(s -> s);
  }

  /** Selectors that are not bool, or not CEL at all. */
  private static Stream<Rejected> resultsAndSyntax() {
    return Stream.of(
        new Rejected(
            "anchor: int result",
            GATES_OFF,
            "1",
            "must evaluate to bool or the unknown type, not int"),
        new Rejected(
            "string result",
            GATES_OFF,
            "device.driver",
            "must evaluate to bool or the unknown type, not string"),
        new Rejected(
            "syntax error, worded as cel-go's",
            GATES_OFF,
            "device.driver ==",
            "compilation failed: ERROR: <input>:1:17: Syntax error: mismatched input '<EOF>'"),
        new Rejected(
            "lexer error, worded as cel-go's",
            GATES_OFF,
            "device.driver == 'x' # 1",
            "Syntax error: token recognition error at: '#"),
        new Rejected(
            "a type error is no syntax error",
            GATES_OFF,
            "device.driver == 1",
            "ERROR: <input>:1:15: found no matching overload"),
        new Rejected(
            "undeclared variable", GATES_OFF, "other == 1", "undeclared reference to 'other'"));
  }

  /** Fields, types and literals the environment refuses. */
  private static Stream<Rejected> typesAndLiterals() {
    return Stream.of(
        new Rejected(
            "allowMultipleAllocations without DRAConsumableCapacity",
            GATES_OFF,
            "device.allowMultipleAllocations",
            "undefined field 'allowMultipleAllocations'"),
        new Rejected(
            "unknown device field",
            CONSUMABLE,
            "device.name == \"gpu-0\"",
            "undefined field 'name'"),
        new Rejected(
            "Semver == string known statically",
            GATES_OFF,
            "semver(\"1.0.0\") == \"1.0.0\"",
            "found no matching overload for '_==_'"),
        new Rejected(
            "Quantity compared with an int",
            GATES_OFF,
            "quantity(\"1\").isGreaterThan(1)",
            "found no matching overload"),
        new Rejected(
            "strings reverse is v3, not in the environment",
            GATES_OFF,
            "\"ab\".reverse() == \"ba\"",
            "found no matching overload for 'reverse' applied to 'string.()'"),
        new Rejected(
            "heterogeneous list literal", GATES_OFF, "[1, \"a\"].size() == 2", "expected type"),
        new Rejected(
            "invalid regex literal",
            GATES_OFF,
            "device.driver.matches('[')",
            "Regex validation failed"),
        new Rejected(
            "invalid duration literal", GATES_OFF, "duration('1x') > duration('1s')", "duration"));
  }

  /** Selectors too long or too costly to run. */
  private static Stream<Rejected> sizeAndCost() {
    return Stream.of(
        new Rejected(
            "over 10240 bytes",
            GATES_OFF,
            "true || " + "true || ".repeat(1280) + "true",
            "Too long: may not be more than 10240 bytes"),
        new Rejected(
            "four nested loops over attribute maps",
            GATES_OFF,
            "device.attributes.all(a, device.attributes.all(b, device.attributes.all(c,"
                + " device.attributes.all(d, a == d))))",
            "too complex, exceeds cost limit"),
        new Rejected(
            "nested loops over attribute names of every domain",
            GATES_OFF,
            "device.attributes.all(d, device.attributes[d].all(k, device.attributes.all(e,"
                + " device.attributes[e].all(j, k == j))))",
            "too complex, exceeds cost limit"),
        new Rejected(
            "quadratic loops over a big range",
            GATES_OFF,
            "lists.range(2000).all(x, lists.range(2000).all(y, x != y || x == y))",
            "too complex, exceeds cost limit"));
  }

  static Stream<Accepted> accepted() {
    return Stream.of(
        new Accepted("bool result", GATES_OFF, "true"),
        new Accepted(
            "strings format (added to cel-java)", GATES_OFF, "\"%d\".format([1]) == \"1\""),
        new Accepted("dyn result is allowed", GATES_OFF, "device.attributes[\"a.b\"].x"),
        new Accepted(
            "allowMultipleAllocations with DRAConsumableCapacity",
            CONSUMABLE,
            "device.allowMultipleAllocations"),
        new Accepted("exactly 10240 bytes", GATES_OFF, "\"" + "a".repeat(10232) + "\" != \"\""),
        new Accepted(
            "two nested loops over attribute maps",
            GATES_OFF,
            "device.attributes.all(d, device.attributes[d].all(k, k.size() < 64))"),
        new Accepted(
            "three nested loops over attribute maps",
            GATES_OFF,
            "device.attributes.all(a, device.attributes.all(b, device.attributes.all(c, a != \"\")))"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejected")
  @DisplayName("invalid selectors fail to compile with the API server's wording")
  void rejects(Rejected c) {
    assertThatThrownBy(() -> c.env().compile(c.expression()))
        .isInstanceOf(SelectorCompileException.class)
        .hasMessageContaining(c.message())
        .satisfies(
            e -> assertThat(((SelectorCompileException) e).expression()).isEqualTo(c.expression()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  @DisplayName("valid selectors compile within the cost limit")
  void accepts(Accepted c) {
    CompiledSelector selector = c.env().compile(c.expression());

    assertThat(selector.estimatedCost()).isBetween(0L, SelectorEnvOptions.KUBERNETES_COST_LIMIT);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allowMultipleAllocationsCases")
  @DisplayName("allowMultipleAllocations reads the device flag, false when unset")
  void allowMultipleAllocations(String name, DeviceView device, String expected) {
    assertThat(CONSUMABLE.compile("device.allowMultipleAllocations").evaluate(device).describe())
        .isEqualTo(expected);
  }

  static Stream<org.junit.jupiter.params.provider.Arguments> allowMultipleAllocationsCases() {
    DeviceView shared = new DeviceView("dra.example.com", Map.of(), Map.of(), true);
    return Stream.of(
        org.junit.jupiter.params.provider.Arguments.of("set on the device", shared, "true"),
        org.junit.jupiter.params.provider.Arguments.of("unset", TestDevices.example(), "false"));
  }
}
