package dev.gpudra.kit.cdi;

import java.util.List;

/**
 * Writes a {@link CdiSpec} as YAML by hand: the text Jackson's YAML mapper writes for it (document
 * marker, the records' field order and inclusion rules, every string double-quoted), without a
 * SnakeYAML emitter and reflection per spec. The one difference: Jackson folds a quoted string that
 * runs past column 80 at a space, this writer never folds; both read back the same.
 */
final class SpecYaml {
  private final StringBuilder out = new StringBuilder(1024);
  // the next key is the first of a sequence item: it follows the item's "- " on the same line
  private boolean afterDash;

  private SpecYaml() {}

  static String render(CdiSpec spec) {
    SpecYaml yaml = new SpecYaml();
    yaml.out.append("---\n");
    yaml.string(0, "cdiVersion", spec.cdiVersion());
    yaml.string(0, "kind", spec.kind());
    yaml.key(0, "devices").append('\n');
    for (CdiDevice device : spec.devices()) {
      yaml.item(0);
      yaml.string(2, "name", device.name());
      yaml.edits(2, device.containerEdits());
    }
    yaml.edits(0, spec.containerEdits());
    return yaml.out.toString();
  }

  private void edits(int indent, ContainerEdits edits) {
    if (edits.isEmpty()) {
      key(indent, "containerEdits").append(" {}\n");
      return;
    }
    key(indent, "containerEdits").append('\n');
    int inner = indent + 2;
    strings(inner, "env", edits.env());
    if (!edits.deviceNodes().isEmpty()) {
      key(inner, "deviceNodes").append('\n');
      edits.deviceNodes().forEach(node -> deviceNode(inner, node));
    }
    if (!edits.hooks().isEmpty()) {
      key(inner, "hooks").append('\n');
      edits.hooks().forEach(hook -> hook(inner, hook));
    }
    if (!edits.mounts().isEmpty()) {
      key(inner, "mounts").append('\n');
      edits.mounts().forEach(mount -> mount(inner, mount));
    }
  }

  private void deviceNode(int indent, DeviceNode node) {
    item(indent);
    int inner = indent + 2;
    string(inner, "path", node.path());
    string(inner, "hostPath", node.hostPath());
    string(inner, "type", node.type());
    number(inner, "major", node.major());
    number(inner, "minor", node.minor());
    string(inner, "permissions", node.permissions());
  }

  private void hook(int indent, Hook hook) {
    item(indent);
    int inner = indent + 2;
    string(inner, "hookName", hook.hookName());
    nonEmpty(inner, "path", hook.path());
    strings(inner, "args", hook.args());
    strings(inner, "env", hook.env());
    number(inner, "timeout", hook.timeout());
  }

  private void mount(int indent, Mount mount) {
    item(indent);
    int inner = indent + 2;
    nonEmpty(inner, "hostPath", mount.hostPath());
    nonEmpty(inner, "containerPath", mount.containerPath());
    strings(inner, "options", mount.options());
    nonEmpty(inner, "type", mount.type());
  }

  /** Starts a sequence item whose content is a mapping. */
  private void item(int indent) {
    spaces(indent).append("- ");
    afterDash = true;
  }

  private StringBuilder key(int indent, String name) {
    if (afterDash) {
      afterDash = false;
    } else {
      spaces(indent);
    }
    return out.append(name).append(':');
  }

  private void string(int indent, String name, String value) {
    if (value != null) {
      YamlQuoting.quote(value, key(indent, name).append(' ')).append('\n');
    }
  }

  /** A field of a record Jackson writes {@code NON_EMPTY}: an empty string is left out too. */
  private void nonEmpty(int indent, String name, String value) {
    string(indent, name, value == null || value.isEmpty() ? null : value);
  }

  private void number(int indent, String name, Number value) {
    if (value != null) {
      key(indent, name).append(' ').append(value).append('\n');
    }
  }

  private void strings(int indent, String name, List<String> values) {
    if (values.isEmpty()) {
      return;
    }
    key(indent, name).append('\n');
    for (String value : values) {
      YamlQuoting.quote(value, spaces(indent).append("- ")).append('\n');
    }
  }

  private StringBuilder spaces(int count) {
    return out.repeat(' ', count);
  }
}
