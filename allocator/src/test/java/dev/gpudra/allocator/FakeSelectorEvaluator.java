package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Understands the few CEL shapes the allocation tests use, with the DRA environment's rules for
 * missing keys (an unknown attribute or capacity is a runtime error, as in Kubernetes):
 *
 * <ul>
 *   <li>{@code true}, {@code false}
 *   <li>{@code device.driver == 'x'}
 *   <li>{@code device.attributes['domain'].name == 'value'}
 *   <li>{@code device.capacity['domain'].name >= quantity('80Gi')}
 * </ul>
 *
 * Anything else is an ERROR naming the expression, so a typo in a test shows up as such.
 */
final class FakeSelectorEvaluator implements SelectorEvaluator {

  private static final Pattern DRIVER = Pattern.compile("device\\.driver == '([^']*)'");
  private static final Pattern ATTRIBUTE =
      Pattern.compile("device\\.attributes\\['([^']+)'\\]\\.(\\w+) == '([^']*)'");
  private static final Pattern CAPACITY =
      Pattern.compile("device\\.capacity\\['([^']+)'\\]\\.(\\w+) >= quantity\\('([^']+)'\\)");

  @Override
  public Verdict evaluate(String expression, String driver, Device device) {
    String trimmed = expression.trim();
    if (trimmed.equals("true") || trimmed.equals("false")) {
      return verdict(trimmed.equals("true"));
    }
    Matcher d = DRIVER.matcher(trimmed);
    if (d.matches()) {
      return verdict(driver.equals(d.group(1)));
    }
    Matcher m = ATTRIBUTE.matcher(trimmed);
    if (m.matches()) {
      Optional<DeviceAttribute> value =
          lookup(device.getAttributes(), driver, m.group(1), m.group(2));
      return value
          .map(a -> verdict(m.group(3).equals(a.getString())))
          .orElseGet(() -> Verdict.error("no such key: " + m.group(2)));
    }
    Matcher c = CAPACITY.matcher(trimmed);
    if (c.matches()) {
      Optional<DeviceCapacity> value = lookup(device.getCapacity(), driver, c.group(1), c.group(2));
      return value
          .map(v ->
              verdict(
                  Quantity.getAmountInBytes(v.getValue())
                          .compareTo(Quantity.getAmountInBytes(new Quantity(c.group(3))))
                      >= 0))
          .orElseGet(() -> Verdict.error("no such key: " + c.group(2)));
    }
    return Verdict.error("fake evaluator does not understand: " + expression);
  }

  /** Qualified key first; a bare key belongs to the driver's own domain. */
  private static <T> Optional<T> lookup(
      Map<String, T> map, String driver, String domain, String name) {
    if (map == null) {
      return Optional.empty();
    }
    T value = map.get(domain + "/" + name);
    if (value == null && domain.equals(driver)) {
      value = map.get(name);
    }
    return Optional.ofNullable(value);
  }

  private static Verdict verdict(boolean matches) {
    return matches ? Verdict.match() : Verdict.noMatch();
  }
}
