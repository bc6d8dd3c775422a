// Written by `site build` from content/ (each locale file's `leadNotification` and `forms`, and `timeZone` in
// site.yaml): do not edit by hand. Commit it; `site serve` and the notify-leads function word notifications with it.
import type { NotificationTexts } from '../lead-notification-texts.ts';

export const LEAD_NOTIFICATION_TEXTS: NotificationTexts = {
  "timeZone": "Europe/Berlin",
  "defaultLanguage": "de",
  "languages": {
    "de": {
      "intl": "de-DE",
      "labelSeparator": ": ",
      "strings": {
        "heading": "Neue Kontaktanfrage",
        "intro": "Über die Website ist eine neue Kontaktanfrage eingegangen.",
        "form": "Formular",
        "language": "Sprache",
        "received": "Eingegangen",
        "reply": "Wenn Sie auf diese E-Mail antworten, geht Ihre Antwort direkt an die anfragende Person.",
        "none": "–",
        "forms": {
          "business": "Kontaktformular Unternehmen",
          "education": "Kontaktformular Bildung",
          "chat-demo": "Chatbot-Demo"
        }
      },
      "labels": {
        "name": "Name",
        "email": "E-Mail",
        "company": "Unternehmen",
        "products": "Interesse an",
        "subject": "Betreff",
        "message": "Nachricht"
      },
      "variantLabels": {
        "business": {},
        "education": {
          "company": "Schule / Einrichtung"
        }
      },
      "products": {
        "platform": "KI-Plattform",
        "website": "Website-Entwicklung",
        "chatbot": "Individueller Chatbot",
        "telefonbot": "Telefonbot",
        "mandantenbot": "Mandantenaufnahme-Bot"
      },
      "languages": {
        "de": "Deutsch",
        "fr": "Französisch",
        "en": "Englisch",
        "es": "Spanisch"
      }
    },
    "fr": {
      "intl": "fr-FR",
      "labelSeparator": " : ",
      "strings": {
        "heading": "Nouvelle demande de contact",
        "intro": "Une nouvelle demande de contact est arrivée par le site web.",
        "form": "Formulaire",
        "language": "Langue",
        "received": "Reçue le",
        "reply": "En répondant à cet e-mail, vous écrivez directement à la personne qui a envoyé la demande.",
        "none": "–",
        "forms": {
          "business": "Formulaire de contact entreprises",
          "education": "Formulaire de contact éducation",
          "chat-demo": "Démo de chatbot"
        }
      },
      "labels": {
        "name": "Nom",
        "email": "E-mail",
        "company": "Entreprise",
        "products": "Ce qui vous intéresse",
        "subject": "Objet",
        "message": "Message"
      },
      "variantLabels": {
        "business": {},
        "education": {
          "company": "Établissement"
        }
      },
      "products": {
        "platform": "Plateforme d’IA",
        "website": "Création de site web",
        "chatbot": "Chatbot sur mesure",
        "telefonbot": "Bot téléphonique",
        "mandantenbot": "Bot d’accueil client"
      },
      "languages": {
        "de": "allemand",
        "fr": "français",
        "en": "anglais",
        "es": "espagnol"
      }
    },
    "en": {
      "intl": "en-GB",
      "labelSeparator": ": ",
      "strings": {
        "heading": "New contact request",
        "intro": "Someone has sent a contact request through the website.",
        "form": "Form",
        "language": "Language",
        "received": "Received",
        "reply": "Reply to this email to answer the sender directly.",
        "none": "–",
        "forms": {
          "business": "Business contact form",
          "education": "Education contact form",
          "chat-demo": "Chatbot demo"
        }
      },
      "labels": {
        "name": "Name",
        "email": "Email",
        "company": "Company",
        "products": "Interested in",
        "subject": "Subject",
        "message": "Message"
      },
      "variantLabels": {
        "business": {},
        "education": {
          "company": "School / institution"
        }
      },
      "products": {
        "platform": "AI platform",
        "website": "Website development",
        "chatbot": "Custom chatbot",
        "telefonbot": "AI phone assistant",
        "mandantenbot": "Client-intake bot"
      },
      "languages": {
        "de": "German",
        "fr": "French",
        "en": "English",
        "es": "Spanish"
      }
    },
    "es": {
      "intl": "es-ES",
      "labelSeparator": ": ",
      "strings": {
        "heading": "Nueva solicitud de contacto",
        "intro": "Ha llegado una nueva solicitud de contacto a través del sitio web.",
        "form": "Formulario",
        "language": "Idioma",
        "received": "Recibida",
        "reply": "Si responde a este correo, su respuesta llega directamente a la persona que envió la solicitud.",
        "none": "–",
        "forms": {
          "business": "Formulario de contacto para empresas",
          "education": "Formulario de contacto para educación",
          "chat-demo": "Demostración del chatbot"
        }
      },
      "labels": {
        "name": "Nombre",
        "email": "Correo electrónico",
        "company": "Empresa",
        "products": "Productos de interés",
        "subject": "Asunto",
        "message": "Mensaje"
      },
      "variantLabels": {
        "business": {},
        "education": {
          "company": "Centro educativo"
        }
      },
      "products": {
        "platform": "Plataforma de IA",
        "website": "Desarrollo web",
        "chatbot": "Chatbot a medida",
        "telefonbot": "Bot telefónico",
        "mandantenbot": "Bot de primera consulta"
      },
      "languages": {
        "de": "alemán",
        "fr": "francés",
        "en": "inglés",
        "es": "español"
      }
    }
  }
};
