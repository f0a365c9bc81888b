package dev.gpudra.localcluster.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Name formats of §4.8, with apimachinery's wording ({@code IsDNS1123Label} and friends). */
public final class NameRules {
  static final int DNS_LABEL_MAX = 63;
  static final int DNS_SUBDOMAIN_MAX = 253;
  static final int DRIVER_NAME_MAX = 63;
  static final int POOL_NAME_MAX = 253;
  static final int C_IDENTIFIER_MAX = 32;

  private static final String LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL = Pattern.compile(LABEL_FMT);
  private static final String SUBDOMAIN_FMT = LABEL_FMT + "(\\." + LABEL_FMT + ")*";
  private static final Pattern SUBDOMAIN = Pattern.compile(SUBDOMAIN_FMT);
  private static final String C_ID_FMT = "[A-Za-z_][A-Za-z0-9_]*";
  private static final Pattern C_ID = Pattern.compile(C_ID_FMT);
  private static final String QNAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final Pattern QNAME = Pattern.compile(QNAME_FMT);

  static final String LABEL_MSG =
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and"
          + " must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc',"
          + " regex used for validation is '"
          + LABEL_FMT
          + "')";
  static final String SUBDOMAIN_MSG =
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or"
          + " '.', and must start and end with an alphanumeric character (e.g. 'example.com',"
          + " regex used for validation is '"
          + SUBDOMAIN_FMT
          + "')";
  static final String C_ID_MSG =
      "a valid C identifier must start with alphabetic character or '_', followed by a string of"
          + " alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex"
          + " used for validation is '"
          + C_ID_FMT
          + "')";
  static final String QNAME_MSG =
      "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end"
          + " with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex"
          + " used for validation is '"
          + QNAME_FMT
          + "')";

  private NameRules() {}

  /** {@code IsDNS1123Label}: required, at most 63 characters, lower-case alphanumerics and '-'. */
  public static List<FieldError> dnsLabel(String name, FieldPath path) {
    if (name == null || name.isEmpty()) {
      return List.of(FieldError.required(path, ""));
    }
    List<FieldError> errors = new ArrayList<>();
    if (name.length() > DNS_LABEL_MAX) {
      errors.add(FieldError.invalid(path, name, maxChars(DNS_LABEL_MAX)));
    }
    if (!LABEL.matcher(name).matches()) {
      errors.add(FieldError.invalid(path, name, LABEL_MSG));
    }
    return errors;
  }

  /**
   * Declarative validation's {@code k8s-short-name} (1.37): {@code IsDNS1123Label}'s messages, as
   * invalid values; a dotted name that is a valid subdomain only "must not contain dots".
   */
  static List<FieldError> shortName(String name, FieldPath path) {
    List<FieldError> errors = new ArrayList<>();
    if (name.length() > DNS_LABEL_MAX) {
      errors.add(FieldError.invalid(path, name, maxChars(DNS_LABEL_MAX)));
    }
    if (!LABEL.matcher(name).matches()) {
      boolean dotted = SUBDOMAIN.matcher(name).matches();
      errors.add(FieldError.invalid(path, name, dotted ? "must not contain dots" : LABEL_MSG));
    }
    return errors;
  }

  /** {@code IsDNS1123Subdomain}: required, at most 253 characters. */
  public static List<FieldError> dnsSubdomain(String name, FieldPath path) {
    if (name == null || name.isEmpty()) {
      return List.of(FieldError.required(path, ""));
    }
    return subdomainMessages(name, name, path);
  }

  /** Driver names: at most 63 bytes; the lower-cased name must be a DNS subdomain. */
  public static List<FieldError> driverName(String name, FieldPath path) {
    if (name == null || name.isEmpty()) {
      return List.of(FieldError.required(path, ""));
    }
    List<FieldError> errors = new ArrayList<>();
    if (name.length() > DRIVER_NAME_MAX) {
      errors.add(FieldError.tooLong(path, DRIVER_NAME_MAX));
    }
    errors.addAll(subdomainMessages(name.toLowerCase(Locale.ROOT), name, path));
    return errors;
  }

  /** Pool names: at most 253 bytes, one or more DNS subdomains separated by '/'. */
  public static List<FieldError> poolName(String name, FieldPath path) {
    if (name == null || name.isEmpty()) {
      return List.of(FieldError.required(path, ""));
    }
    List<FieldError> errors = new ArrayList<>();
    if (name.length() > POOL_NAME_MAX) {
      errors.add(FieldError.tooLong(path, POOL_NAME_MAX));
    }
    for (String part : name.split("/", -1)) {
      errors.addAll(subdomainMessages(part, part, path));
    }
    return errors;
  }

  /** A C identifier of at most 32 bytes (the id of an attribute or capacity name). */
  public static List<FieldError> cIdentifier(String id, FieldPath path) {
    List<FieldError> errors = new ArrayList<>();
    if (id.length() > C_IDENTIFIER_MAX) {
      errors.add(FieldError.tooLong(path, C_IDENTIFIER_MAX));
    }
    if (!C_ID.matcher(id).matches()) {
      errors.add(FieldError.invalid(path, id, C_ID_MSG));
    }
    return errors;
  }

  /**
   * Kubernetes label-key format: optional DNS-subdomain prefix and '/', then a name part; an empty
   * key fails both name-part rules, as in apimachinery.
   */
  public static List<FieldError> labelKey(String key, FieldPath path) {
    if (key == null || key.isEmpty()) {
      return List.of(
          FieldError.invalid(path, "", "name part must be non-empty"),
          FieldError.invalid(path, "", QNAME_MSG));
    }
    String[] parts = key.split("/", -1);
    if (parts.length > 2) {
      return List.of(FieldError.invalid(path, key, "a qualified name " + QNAME_MSG));
    }
    List<FieldError> errors = new ArrayList<>();
    String name = parts[parts.length - 1];
    if (parts.length == 2) {
      if (parts[0].isEmpty()) {
        errors.add(FieldError.invalid(path, key, "prefix part must be non-empty"));
      } else if (!SUBDOMAIN.matcher(parts[0]).matches() || parts[0].length() > 253) {
        errors.add(FieldError.invalid(path, key, "prefix part " + SUBDOMAIN_MSG));
      }
    }
    if (name.isEmpty()) {
      errors.add(FieldError.invalid(path, key, "name part must be non-empty"));
    } else if (name.length() > DNS_LABEL_MAX) {
      errors.add(FieldError.invalid(path, key, "name part " + maxChars(DNS_LABEL_MAX)));
    } else if (!QNAME.matcher(name).matches()) {
      errors.add(FieldError.invalid(path, key, QNAME_MSG));
    }
    return errors;
  }

  /** Label values: empty, or at most 63 characters of the name-part format. */
  public static List<FieldError> labelValue(String value, FieldPath path) {
    if (value == null || value.isEmpty()) {
      return List.of();
    }
    List<FieldError> errors = new ArrayList<>();
    if (value.length() > DNS_LABEL_MAX) {
      errors.add(FieldError.invalid(path, value, maxChars(DNS_LABEL_MAX)));
    }
    if (!QNAME.matcher(value).matches()) {
      errors.add(
          FieldError.invalid(
              path,
              value,
              "a valid label must be an empty string or consist of alphanumeric characters, '-',"
                  + " '_' or '.', and must start and end with an alphanumeric character (e.g."
                  + " 'MyValue',  or 'my_value',  or '12345', regex used for validation is '("
                  + QNAME_FMT
                  + ")?')"));
    }
    return errors;
  }

  private static List<FieldError> subdomainMessages(String checked, String shown, FieldPath path) {
    List<FieldError> errors = new ArrayList<>();
    if (checked.length() > DNS_SUBDOMAIN_MAX) {
      errors.add(FieldError.invalid(path, shown, maxChars(DNS_SUBDOMAIN_MAX)));
    }
    if (!SUBDOMAIN.matcher(checked).matches()) {
      errors.add(FieldError.invalid(path, shown, SUBDOMAIN_MSG));
    }
    return errors;
  }

  private static String maxChars(int max) {
    return "must be no more than " + max + " characters";
  }
}
