import { CART_DURATION_MAX_MINUTES, MAX_KEYWORD_LENGTH } from '@livecart/contract/constants';
import { localized } from '../text';

/** One comment of the syntax table and what it does. */
export interface CommentExample {
  comment: string;
  result: string;
}

const HOURS = CART_DURATION_MAX_MINUTES / 60;

/** The live-selling guide's text, section by section (headings come from the guides catalogue). */
export const liveSellingText = localized({
  fr: {
    lead: 'De la fiche produit au colis : comment préparer votre live, ce que vos spectatrices écrivent pour commander, et ce que LiveCart fait pour vous pendant et après le direct.',
    products: [
      'Tout commence dans l’Inventaire. Chaque produit a un nom, des photos, un prix et surtout un ou plusieurs mots-clés : c’est ce que vos spectatrices écriront en commentaire. Choisissez-les courts, faciles à dire à voix haute et à taper sur un téléphone : ROBE12, PULL8, SAC3.',
      `Un mot-clé ne tient pas compte des majuscules, des accents ni du # : #Robe12, robe12 et RÔBE12 sont le même mot-clé. Il fait ${MAX_KEYWORD_LENGTH} caractères au plus et il est unique dans votre boutique : deux produits publiés ne peuvent pas porter le même. Un produit non publié garde ses mots-clés sans les bloquer ; ils ne répondent en live qu’une fois le produit publié.`,
      'Un produit vendu en plusieurs couleurs ou tailles est un produit configuré : chaque variation (rouge M, noir L…) a sa propre référence, son prix et surtout son stock. C’est ce stock que le live réserve, variation par variation, en temps réel : vous ne vendez jamais deux fois la même pièce.',
      'Beaucoup de produits ? Importez-les d’un coup avec un fichier CSV.',
    ],
    productsCsv: 'Lire les règles de l’import CSV',
    stores: [
      'Dans Mes boutiques (menu de votre profil), cliquez sur « Connecter mes pages » et choisissez vos pages Facebook ; le compte Instagram professionnel lié à une page vient avec elle. Les commentaires de vos lives y sont lus et les messages privés envoyés au nom de la page.',
      'Choisissez votre boutique par défaut : vos nouveaux lives l’utiliseront. Si un jeton expire, la boutique l’indique ; « Resynchroniser » le renouvelle et renvoie les réponses restées en attente.',
      'Vous diffusez depuis un autre outil ? La console de chaque live donne une adresse et un jeton de capture : un outil de capture y envoie les commentaires (en-tête X-Ingest-Token), traités exactement comme ceux de Facebook.',
    ],
    schedule: [
      'Dans Ventes en live, « Programmer un live » : choisissez la date, l’heure de début, la durée du panier, le scénario du chatbot (vos réponses ou celles par défaut) et la boutique. Vous pouvez ajouter d’autres boutiques : leurs commentaires entrent dans la même session, par exemple votre page Facebook et votre compte Instagram ensemble.',
      'Le moment venu, lancez votre direct sur Facebook ou Instagram, puis cliquez sur « Passer en live » : LiveCart trouve la vidéo en direct de la page et commence à lire ses commentaires. La console montre chaque commentaire, ce qu’il a donné (panier, liste d’attente, variante à préciser) et la réponse privée envoyée.',
      'Avant votre premier vrai live, entraînez-vous avec le simulateur de la console : tapez des commentaires comme vos spectatrices, ils créent de vrais paniers. « Arrêter » met fin au live : les commentaires ne créent plus de paniers et un live arrêté ne se relance pas.',
    ],
    comments: [
      'Une spectatrice commande en écrivant le mot-clé, puis la couleur, la taille et la quantité si elle veut plus d’une pièce. L’ordre ne compte pas, ni les majuscules, ni les accents, ni les mots autour (« coucou », « svp », émojis). Les couleurs se disent en français ou en anglais, au féminin ou au pluriel (noire, rouges, blanche).',
      'Dans les exemples ci-dessous, la robe ROBE12 existe en rouge et en noir, tailles S, M et L, et la jupe JUPE5 en tailles 36, 38 et 40.',
    ],
    commentHead: { comment: 'Commentaire', result: 'Ce qui se passe' },
    examples: [
      { comment: 'ROBE12 rouge M', result: 'Une robe rouge taille M est réservée dans son panier.' },
      {
        comment: 'robe12 M rouge',
        result: 'Pareil : l’ordre des mots, les majuscules et les accents ne comptent pas.',
      },
      { comment: '#robe12 red M', result: 'Pareil : le # est facultatif, l’anglais compris.' },
      {
        comment: 'Coucou ! je prends la robe12 en noir taille L svp 😍',
        result: 'Une robe noire L : les mots autour sont ignorés.',
      },
      {
        comment: 'robe12 rouge M x2',
        result: 'Deux robes rouges M. Aussi : 2x robe12 rouge M, robe12 rouge M 2 pièces, qté 2, deux.',
      },
      {
        comment: 'jupe5 T38',
        result: 'Une jupe 38 : « taille », « T », « size » ou « pointure » annoncent la taille.',
      },
      {
        comment: 'robe12 rouge M jupe5 38',
        result: 'Deux articles dans le même commentaire, chacun avec sa variante.',
      },
      {
        comment: 'robe12 rouge M x20',
        result: 'Dix robes : un commentaire réserve au plus 10 pièces d’un même article.',
      },
      { comment: 'robe12 rouge M 45€', result: 'Une robe : un prix écrit n’est pas une quantité.' },
      {
        comment: 'robe12 rouge',
        result:
          'Taille manquante : si une seule taille rouge est en stock, elle est réservée ; sinon le message privé demande de préciser, avec les variantes disponibles.',
      },
      {
        comment: 'robe12 rouge ou noir M',
        result: 'Deux couleurs : rien n’est deviné, le message privé demande de choisir.',
      },
      {
        comment: 'robe12 bleu M',
        result: 'Cette variante n’existe pas : le message privé le dit et liste les variantes disponibles.',
      },
      {
        comment: 'robe12 rouge L',
        result: 'La robe rouge L est épuisée : la cliente rejoint sa liste d’attente.',
      },
      { comment: 'robe 12 rouge M', result: 'Rien : le mot-clé s’écrit en entier, sans espace.' },
      { comment: 'robe123', result: 'Rien pour la robe : ROBE12 ne se reconnaît pas dans un mot plus long.' },
    ] satisfies CommentExample[],
    commentsAfter: [
      'Chaque cliente a un seul panier ouvert par boutique : ses commentaires suivants y ajoutent leurs articles. Un commentaire sans mot-clé ne fait rien (sauf s’il contient un mot déclencheur d’une réponse de votre chatbot).',
    ],
    timer: [
      `Un article commenté est réservé pour la cliente : personne d’autre ne peut l’acheter tant que son panier est ouvert. La durée du panier se règle dans Paramètres → Durée du panier pour vos nouveaux lives (30 minutes par défaut), et chaque live peut avoir la sienne : de 0 à ${CART_DURATION_MAX_MINUTES} minutes (${HOURS} heures), 0 voulant dire que les paniers n’expirent jamais.`,
      'Le compte à rebours repart à chaque article ajouté. La page de paiement l’affiche à la cliente, et vous le suivez dans Paniers live. Quand il approche de la fin (5 minutes avant, ou un cinquième du temps pour un panier court), la cliente dont l’e-mail est connu reçoit un rappel avec son lien.',
      'À l’expiration, le panier passe en « expiré » et ses articles retournent en stock ; s’il y a une liste d’attente, ils partent aussitôt à la première cliente qui attend. Un panier en cours de paiement chez votre prestataire n’expire pas pendant ce temps. Vous pouvez aussi faire expirer un panier vous-même, ou en retirer un article, depuis Paniers live.',
    ],
    waiting: [
      'Quand la variante demandée n’a plus de stock, la cliente rejoint sa liste d’attente, pour la quantité demandée. Si une partie seulement est disponible, elle est réservée et le reste attend. Son message privé le lui dit, et son panier lui montre les produits qu’elle attend.',
      'La file est servie strictement dans l’ordre des commentaires. Dès que du stock revient (un panier expiré, un article retiré d’un panier, une quantité que vous augmentez), il va à la première de la file, qui le trouve dans son panier avec un nouveau compte à rebours (et un e-mail pour la prévenir, si son adresse est connue). Servie en partie, elle garde sa place pour le reste.',
      'La page Liste d’attente montre, par variante, les clientes qui attendent, la quantité totale et le stock actuel : « Modifier la quantité » remet du stock et sert la file aussitôt.',
    ],
    shopper: [
      'Dès son commentaire, la cliente reçoit un message privé de votre page, dans la langue de votre boutique : ce qui lui est réservé, pour combien de temps, et le lien de son panier. Le texte est le vôtre : vous le réécrivez dans Chatbot.',
      'Le lien ouvre sa commande sur son téléphone, sans compte ni mot de passe : elle vérifie ses articles, donne son adresse, choisit la livraison et paie, en trois gestes environ. La livraison offerte s’applique d’elle-même quand elle atteint votre seuil ou a déjà payé la livraison pendant la période en cours.',
      'Le paiement va directement sur votre propre compte de paiement (Stripe ou Mollie : carte bancaire, PayPal, Bancontact et les autres moyens que vous activez) : LiveCart ne touche pas à l’argent de vos ventes. La commande passe alors en « payée », et la cliente reçoit un e-mail de confirmation avec sa facture.',
    ],
    privateMessageExample:
      'Merci Léa ! Réservé pour vous : Robe fleurie (Rouge, M) ×1. Votre panier est gardé 30 min : https://…',
    privateMessageCaption: 'Le message privé par défaut, tel que la cliente le reçoit.',
    after: [
      'Le rapport du live (depuis la liste des lives) donne les commentaires, les spectatrices, les paniers ouverts, payés et expirés, la conversion, le chiffre d’affaires minute par minute et les meilleurs produits. Il liste aussi les paniers non payés : « Relancer » envoie un e-mail avec le lien de paiement.',
      'Les commandes payées arrivent dans Commandes : téléchargez-les, passez-les en « expédiée » en lot et retrouvez chaque facture par son numéro. Les frais et modes de livraison se règlent dans Paramètres → Modes de livraison.',
    ],
    cta: 'Essayer gratuitement 30 jours',
  },
  en: {
    lead: 'From product page to parcel: how to prepare your live, what your viewers write to order, and what LiveCart does for you during and after the stream.',
    products: [
      'Everything starts in Inventory. Each product has a name, photos, a price and above all one or more keywords: what your viewers will write in comments. Keep them short, easy to say out loud and to type on a phone: ROBE12, PULL8, SAC3.',
      `A keyword ignores case, accents and the #: #Robe12, robe12 and RÔBE12 are the same keyword. It is at most ${MAX_KEYWORD_LENGTH} characters long and unique in your shop: two published products cannot share it. An unpublished product keeps its keywords without blocking them; they answer in lives once the product is published.`,
      'A product sold in several colours or sizes is a configured product: each variation (red M, black L…) has its own reference, price and above all stock. That stock is what the live reserves, variation by variation, in real time: you never sell the same piece twice.',
      'Many products? Import them at once from a CSV file.',
    ],
    productsCsv: 'Read the CSV import rules',
    stores: [
      'In My Stores (your profile menu), click “Connect my pages” and choose your Facebook pages; the Instagram business account linked to a page comes with it. Your lives’ comments are read there and private messages are sent in the page’s name.',
      'Choose your default store: your new lives will use it. When a token expires the store says so; “Resynchronise” renews it and resends the replies left waiting.',
      'Streaming from another tool? Each live’s console gives a capture address and token: a capture tool sends the comments there (header X-Ingest-Token), handled exactly like Facebook’s.',
    ],
    schedule: [
      'In Live Selling, “Schedule a live”: choose the date, start time, cart duration, the chatbot scenario (your replies or the default ones) and the store. You may add other stores: their comments enter the same session, for instance your Facebook page and your Instagram account together.',
      'When the time comes, start your stream on Facebook or Instagram, then click “Go live”: LiveCart finds the page’s live video and starts reading its comments. The console shows each comment, what it led to (cart, waiting list, variant to specify) and the private reply sent.',
      'Before your first real live, practise with the console’s simulator: type comments as your viewers would, they create real carts. “Stop” ends the live: comments no longer create carts and a stopped live cannot be restarted.',
    ],
    comments: [
      'A viewer orders by writing the keyword, then the colour, the size and the quantity if she wants more than one piece. Order does not matter, nor case, accents or the words around it (“hi”, “please”, emojis). Colours may be written in English or French.',
      'In the examples below, the dress ROBE12 comes in red and black, sizes S, M and L, and the skirt JUPE5 in sizes 36, 38 and 40.',
    ],
    commentHead: { comment: 'Comment', result: 'What happens' },
    examples: [
      { comment: 'ROBE12 red M', result: 'One red dress in size M is reserved in her cart.' },
      { comment: 'robe12 M rouge', result: 'The same: word order, case and accents do not matter.' },
      { comment: '#robe12 rouge M', result: 'The same: the # is optional, French understood.' },
      {
        comment: 'Hi! I’ll take robe12 in black size L please 😍',
        result: 'One black dress in L: the words around it are ignored.',
      },
      {
        comment: 'robe12 red M x2',
        result: 'Two red dresses in M. Also: 2x robe12 red M, robe12 red M 2 pcs, qty 2, two.',
      },
      {
        comment: 'jupe5 size 38',
        result: 'One skirt in 38: “size”, “T”, “taille” or “pointure” announce the size.',
      },
      { comment: 'robe12 red M jupe5 38', result: 'Two items in one comment, each with its variant.' },
      {
        comment: 'robe12 red M x20',
        result: 'Ten dresses: one comment reserves at most 10 pieces of one item.',
      },
      { comment: 'robe12 red M 45€', result: 'One dress: a price written is not a quantity.' },
      {
        comment: 'robe12 red',
        result:
          'No size: if only one red size is in stock it is reserved; otherwise the private message asks her to say which, listing the variants available.',
      },
      {
        comment: 'robe12 red or black M',
        result: 'Two colours: nothing is guessed, the private message asks her to choose.',
      },
      {
        comment: 'robe12 blue M',
        result: 'That variant does not exist: the private message says so and lists the variants available.',
      },
      {
        comment: 'robe12 red L',
        result: 'The red dress in L is sold out: she joins its waiting list.',
      },
      { comment: 'robe 12 red M', result: 'Nothing: the keyword is written whole, without a space.' },
      { comment: 'robe123', result: 'Nothing for the dress: ROBE12 is not found inside a longer word.' },
    ] satisfies CommentExample[],
    commentsAfter: [
      'Each shopper has one open cart per shop: her next comments add their items to it. A comment without a keyword does nothing (unless it holds a trigger word of one of your chatbot replies).',
    ],
    timer: [
      `A commented item is reserved for the shopper: nobody else can buy it while her cart is open. The cart duration is set in Settings → Cart duration for your new lives (30 minutes by default), and each live may have its own: from 0 to ${CART_DURATION_MAX_MINUTES} minutes (${HOURS} hours), 0 meaning carts never expire.`,
      'The countdown restarts with each item added. The payment page shows it to the shopper, and you follow it in Live Carts. When it nears the end (5 minutes before, or a fifth of the time for a short cart), a shopper whose e-mail is known gets a reminder with her link.',
      'When it runs out, the cart becomes “expired” and its items go back to stock; if there is a waiting list, they go at once to the first shopper waiting. A cart being paid at your provider does not expire meanwhile. You may also expire a cart yourself, or remove an item from it, in Live Carts.',
    ],
    waiting: [
      'When the variant asked for has no stock left, the shopper joins its waiting list, for the quantity asked. If only part of it is available, that part is reserved and the rest waits. Her private message tells her, and her cart shows her the products she is waiting for.',
      'The queue is served strictly in comment order. As soon as stock comes back (an expired cart, an item removed from a cart, a quantity you raise), it goes to the first in line, who finds it in her cart with a new countdown (and an e-mail telling her, when her address is known). Served in part, she keeps her place for the rest.',
      'The Waiting list page shows, per variant, the shoppers waiting, the total quantity and the current stock: “Change quantity” adds stock back and serves the queue at once.',
    ],
    shopper: [
      'Right after her comment, the shopper receives a private message from your page, in your shop’s language: what is reserved for her, for how long, and her cart’s link. The text is yours: rewrite it in Chatbot.',
      'The link opens her order on her phone, with no account or password: she checks her items, gives her address, picks the delivery and pays, in about three taps. Free shipping applies by itself when she reaches your threshold or already paid shipping during the current period.',
      'Payment goes straight to your own payment account (Stripe or Mollie: card, PayPal, Bancontact and the other methods you turn on): LiveCart never touches your sales’ money. The order then becomes “paid”, and the shopper receives a confirmation e-mail with her invoice.',
    ],
    privateMessageExample:
      'Thank you Léa! Reserved for you: Robe fleurie (Red, M) ×1. Your cart is kept for 30 min: https://…',
    privateMessageCaption: 'The default private message, as the shopper receives it.',
    after: [
      'The live report (from the list of lives) gives the comments, viewers, carts opened, paid and expired, the conversion, revenue minute by minute and the best products. It also lists unpaid carts: “Remind” sends an e-mail with the payment link.',
      'Paid orders arrive in Orders: download them, mark them “shipped” in bulk and find each invoice by its number. Shipping prices and methods are set in Settings → Shipping methods.',
    ],
    cta: 'Try it free for 30 days',
  },
});
